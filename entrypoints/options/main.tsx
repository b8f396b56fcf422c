import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import { OptionsApp } from '@/components/options/OptionsApp';

const root = document.getElementById('root');
if (root) createRoot(root).render(<OptionsApp />);
