import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/standalone.css';
import { StandaloneApp } from './app/standalone-app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
