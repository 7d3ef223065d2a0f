import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
const router = createHashRouter([{ path: '/', element: <main><h1>Frustrated Beast Token</h1><p>A bare React page.</p></main> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);