export { PitchToolPage, type PitchToolPageProps } from './components/pitch-tool-page.tsx';
