export { Slider, type SliderProps } from './Slider.tsx';
