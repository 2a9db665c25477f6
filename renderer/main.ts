// First: zod's eval probe would otherwise trip the CSP (see zod-csp.ts).
import './lib/zod-csp.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './lib/styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('#app is missing from index.html');
mount(App, { target });
