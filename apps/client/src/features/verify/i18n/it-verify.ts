import type { enVerify } from './en-verify';

/** Italian copy of the "Verify this sale" page (same keys as `en-verify.ts`). */
export const itVerify: Record<keyof typeof enVerify, string> = {
  'verify.eyebrow': 'Trasparenza',
  'verify.title': 'Verifica questa vendita',
  'verify.lead':
    'Ogni riga qui sotto è letta dalla chain Solana dal tuo browser, adesso, e confrontata con quello che dice questo sito. Il server inoltra soltanto le risposte della chain: non dice mai al tuo browser che un controllo è superato. Una riga non superata è mostrata come tale.',
  'verify.reading': 'Lettura della chain…',
  'verify.readAt': 'Letto dalla chain alle {time}',
  'verify.again': 'Controlla di nuovo',
  'verify.error': 'Non è stato possibile leggere la chain: {message}',
  'verify.allPassed': 'Tutti i {total} controlli superati',
  'verify.someFailed': '{failed} controlli su {total} non superati',
  'verify.passed': 'Superato',
  'verify.failed': 'Non superato',
  'verify.expected': 'Atteso',
  'verify.explorer': 'Explorer',
  'verify.explorerLabel': 'Apri {name} su Solscan',
  'verify.group.mint': 'Il token',
  'verify.group.program': 'Il programma',
  'verify.group.public': 'Prevendita pubblica',
  'verify.group.private': 'Round privato',
  'verify.group.leader': 'Round leader',
  'verify.yourselfTitle': 'Controlla tu stesso',
  'verify.idl': 'L’interfaccia del programma (IDL Codama)',
  'verify.idlText': 'Decodifica ogni istruzione, account ed errore del programma.',
  'verify.cli': 'Esegui gli stessi controlli da un terminale:',
  'verify.source':
    'I controlli sono open source: le stesse funzioni girano qui e nello strumento dell’operatore.',

  'verify.mint.supply': 'Offerta totale',
  'verify.mint.supply.info': 'L’intera offerta, fissa: il sito dice 100M FBT.',
  'verify.mint.mint-authority': 'Autorità di conio',
  'verify.mint.mint-authority.info': 'Nessuna: nessuno potrà mai coniare altri FBT.',
  'verify.mint.freeze-authority': 'Autorità di congelamento',
  'verify.mint.freeze-authority.info': 'Nessuna: nessuno può congelare i token di chi li detiene.',
  'verify.mint.extensions': 'Estensioni del token',
  'verify.mint.extensions.info':
    'Nessuna estensione che permetta di spostare, tassare, congelare o distruggere i token dei possessori.',
  'verify.mint.metadata-name': 'Nome nei metadati',
  'verify.mint.metadata-name.info': 'Il nome del token sulla chain è quello del sito.',
  'verify.mint.metadata-symbol': 'Simbolo nei metadati',
  'verify.mint.metadata-symbol.info': 'Il simbolo del token sulla chain è quello del sito.',
  'verify.mint.metadata-uri': 'Link dei metadati (logo e dettagli)',
  'verify.mint.metadata-uri.info':
    'L’indirizzo del logo e dei dettagli sulla chain è quello che il sito pubblica.',
  'verify.program.executable': 'Programma in esecuzione',
  'verify.program.executable.info': 'Un programma eseguibile del loader aggiornabile di Solana.',
  'verify.program.upgrade-authority': 'Autorità di aggiornamento',
  'verify.program.upgrade-authority.info':
    'Nessuna significa che il codice non potrà mai cambiare; altrimenti solo un multisig dichiarato dal team.',
  'verify.program.build-hash': 'Il codice che gira è il codice che puoi leggere',
  'verify.program.build-hash.info':
    'Lo SHA-256 dei byte del programma sulla chain è uguale a una build salvata nel repository.',
  'verify.program.security-txt': 'Contatto di sicurezza',
  'verify.program.security-txt.info': 'Incorporato nel programma stesso (security.txt).',
  'verify.presale.account': 'Account della prevendita',
  'verify.presale.account.info': 'Inizializzato dal programma, vende il mint FBT.',
  'verify.presale.price': 'Prezzo',
  'verify.presale.price.info': 'Il prezzo che il sito mostra.',
  'verify.presale.wallet-limits': 'Limiti per wallet',
  'verify.presale.wallet-limits.info': 'L’acquisto minimo e il massimo che un wallet può spendere.',
  'verify.presale.total-limit': 'Limite totale',
  'verify.presale.total-limit.info':
    'Quanto può raccogliere l’intera vendita: l’obiettivo della pagina.',
  'verify.presale.window': 'Finestra di vendita',
  'verify.presale.window.info':
    'Quando gli acquisti sono accettati (UTC; — significa nessun limite).',
  'verify.presale.delivery-mode': 'Consegna',
  'verify.presale.delivery-mode.info':
    'Come gli acquirenti ricevono gli FBT: in ogni acquisto, o custoditi nel deposito fino al completamento della vendita. Se il team la dichiara, uguale a quella dichiarata.',
  'verify.presale.minimum-raise': 'Raccolta minima',
  'verify.presale.minimum-raise.info':
    'Sotto questa soglia la vendita fallisce e ogni acquirente riceve indietro i suoi SOL, che fino ad allora restano in garanzia.',
  'verify.presale.vesting': 'Vesting',
  'verify.presale.vesting.info':
    'Quando gli FBT acquistati si sbloccano dopo il completamento della vendita. Se il team lo dichiara, uguale a quello dichiarato.',
  'verify.presale.leader-commission': 'Commissione leader',
  'verify.presale.leader-commission.info':
    'Pagata dal programma stesso su ogni acquisto leader: la regola della build verificata.',
  'verify.presale.seller': 'Venditore',
  'verify.presale.seller.info':
    'Riceve i SOL e amministra la vendita; nessun passaggio a un altro venditore in sospeso.',
  'verify.presale.vault': 'Deposito',
  'verify.presale.vault.info':
    'Contiene almeno gli FBT ancora da vendere più quelli dovuti agli acquirenti e non ancora consegnati.',
  'verify.presale.allowlist': 'Lista di accesso',
  'verify.presale.allowlist.info':
    'La radice sulla chain è la radice della lista pubblicata (nessuna: aperta a ogni wallet).',
  'verify.presale.active': 'Stato',
  'verify.presale.active.info': 'Se gli acquisti sono aperti adesso.',

  'verify.word.none': 'Nessuna',
  'verify.word.missing': 'Assente',
  'verify.word.invalid': 'Non è l’account atteso',
  'verify.word.active': 'Attiva',
  'verify.word.paused': 'In pausa',
  'verify.word.immutable': 'Immutabile (nessuna autorità di aggiornamento)',
  'verify.word.present': 'Presente',
  'verify.word.valid': 'Un intervallo coerente',
  'verify.word.unpublished': 'Un indirizzo pubblicato dal sito (ancora nessuno)',
  'verify.word.instant': 'Immediata: gli FBT arrivano con ogni acquisto',
  'verify.word.at-completion': 'Al completamento',
  'verify.word.all-at-completion': 'Tutto al completamento',
  'verify.word.vesting':
    '{unlockedBps} al completamento, il resto in modo uniforme in {vestingSeconds}',
  'verify.word.vesting-cliff':
    '{unlockedBps} al completamento, nient’altro per {cliffSeconds}, tutto dopo {vestingSeconds}',

  'verify.note.build': 'Build salvata {build}',
  'verify.note.multisig': 'Il multisig dichiarato dal team: {name}',
  'verify.note.wallet': 'Un wallet',
  'verify.note.program': 'Un account del programma {owner}',
  'verify.note.pending': 'Passaggio a {address} in sospeso',
  'verify.note.wallets': '{count} wallet nella lista pubblicata',
  'verify.note.policy': 'Politica di sicurezza',
  'verify.note.tokenProgram': 'Programma del token: {program}',
  'verify.note.status.open': 'In vendita',
  'verify.note.status.sold-out': 'Esaurita: in attesa di finalizzazione',
  'verify.note.status.succeeded': 'Finalizzata: la vendita è riuscita e i suoi FBT sono consegnati',
  'verify.note.status.failed': 'Finalizzata sotto la raccolta minima: ogni acquirente è rimborsato',
  'verify.note.raise.raising': 'Raccolti finora: {raised}, di cui {escrow} in garanzia',
  'verify.note.raise.met': 'Raggiunta: {raised} raccolti; {escrow} ancora in garanzia',
  'verify.note.raise.missed':
    'Mancata: {raised} raccolti, rimborsati agli acquirenti; {escrow} ancora in garanzia',
  'verify.note.completed': 'Completata il {date}',
  'verify.note.cliff': 'nient’altro fino al {date}',
  'verify.note.unlocked': 'tutto sbloccato il {date}',
  'verify.note.vault': '{left} da vendere + {owed} dovuti agli acquirenti',
};
