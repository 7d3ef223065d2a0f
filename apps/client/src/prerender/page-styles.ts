// The stylesheets of the prerendered pages' lazy routes (the presale page: src/app/routes/
// presale.tsx and what it imports), imported here, from main.tsx, so they are in the shell's
// stylesheet, which index.html loads before the first paint: the page's build-time markup
// paints styled before its route's chunk (which would bring them) has arrived. The build fails
// if that route needs a stylesheet missing here (`routeFiles` in vite-first-paint.ts).
import '../features/presale/components/presale.css';
import '../components/ui/progress-card.css';
import '../features/purchase/components/purchase.css';
import '../features/purchase/components/your-fbt.css';
import '../components/transaction/transaction-dialogs.css';
