import { mount } from 'svelte';
import App from './App.svelte';
import './lib/styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('#app is missing from index.html');
mount(App, { target });
