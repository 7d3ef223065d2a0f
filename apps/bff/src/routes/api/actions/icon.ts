import type { FastifyPluginCallback } from 'fastify';

/**
 * Where the Blink's icon is served (the Solana Actions specification wants an absolute URL of an
 * SVG, PNG or WebP).
 */
export const ACTION_ICON_PATH = '/api/actions/icon.svg';

/**
 * The Blink's square icon: the FBT beast on the site's night-blue, with the name and the word
 * PRESALE in the site's accent. Kept in the code (not a file) so the compiled server carries it.
 */
export const ACTION_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b2140"/>
      <stop offset="1" stop-color="#0b0e1a"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.4" r="0.45">
      <stop offset="0" stop-color="#9d6bff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#9d6bff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#a989ff"/>
      <stop offset="1" stop-color="#5b2fd0"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffc64d"/>
      <stop offset="1" stop-color="#ffb21e"/>
    </linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="300" cy="235" r="250" fill="url(#glow)"/>
  <g transform="translate(156 60) scale(4.5)">
    <path d="M16 20 C 9 15, 8 7, 12 2 C 13 9, 17 12, 22 15 Z" fill="#ffd98a"/>
    <path d="M48 20 C 55 15, 56 7, 52 2 C 51 9, 47 12, 42 15 Z" fill="#ffd98a"/>
    <path d="M32 12 L35 9 L37 13 L41 11 L42 15 C 54 18, 58 28, 58 38 C 58 52, 46 60, 32 60 C 18 60, 6 52, 6 38 C 6 28, 10 18, 22 15 L23 11 L27 13 L29 9 Z" fill="url(#body)"/>
    <ellipse cx="24" cy="33" rx="6.5" ry="7.5" fill="#fff"/>
    <ellipse cx="40" cy="33" rx="6.5" ry="7.5" fill="#fff"/>
    <circle cx="25.5" cy="34.5" r="3.4" fill="#1b1230"/>
    <circle cx="38.5" cy="34.5" r="3.4" fill="#1b1230"/>
    <path d="M17 24 L29 28 M47 24 L35 28" stroke="#1b1230" stroke-width="3" stroke-linecap="round"/>
    <path d="M25 47 Q 32 43 39 47" stroke="#1b1230" stroke-width="3" stroke-linecap="round" fill="none"/>
  </g>
  <text x="300" y="455" text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="104" letter-spacing="6" fill="#eef1fb">FBT</text>
  <rect x="170" y="488" width="260" height="56" rx="28" fill="url(#gold)"/>
  <text x="300" y="527" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="30" letter-spacing="7" fill="#1c1403">PRESALE</text>
</svg>
`;

/** What the icon route answers with besides the image: the Action headers (CORS, CORP). */
export interface ActionIconRouteOptions {
  readonly headers: () => Promise<Record<string, string>>;
}

/**
 * `GET /api/actions/icon.svg`: the icon, cacheable for a day, loadable from any site (a Blink
 * is drawn on X or in a wallet, not on ours).
 */
export const actionIconRoute: FastifyPluginCallback<ActionIconRouteOptions> = (
  fastify,
  { headers },
  done,
) => {
  fastify.get(
    ACTION_ICON_PATH,
    { schema: { tags: ['actions'], summary: 'The presale Blink icon (SVG)', hide: true } },
    async (_request, reply) =>
      reply
        .headers(await headers())
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(ACTION_ICON_SVG),
  );
  done();
};
