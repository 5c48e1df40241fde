import { style } from '@vanilla-extract/css';

export const systemIcon = style({ width: '20px', height: '20px', flexShrink: 0 });
