// The async boundary: shared modules (react, react-dom, react-query) are negotiated before bootstrap runs.
import './styles/global.css';
import { preloadFirstViewFiles } from './lib/first-view-files';

preloadFirstViewFiles();
void import('./bootstrap');
