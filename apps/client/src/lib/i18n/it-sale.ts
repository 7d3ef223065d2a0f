import type { enSale } from './en-sale';

/** Italian copy of `en-sale.ts` (same keys; `it.ts` spreads it). */
export const itSale: Record<keyof typeof enSale, string> = {
  'sale.opensIn': 'La vendita apre tra',
  'sale.days': 'giorni',
  'sale.hours': 'ore',
  'sale.minutes': 'min',
  'sale.seconds': 'sec',
  'sale.opensAt': 'Apre il {date}',
  'sale.closesAt': 'Aperta fino al {date}',
  'sale.endedTitle': 'La prevendita è terminata',
  'sale.endedText': 'Gli acquisti si sono chiusi il {date}. Grazie, bestie!',

  'allowlist.only': 'Il round privato è aperto solo ai wallet in lista.',
  'allowlist.checking': 'Verifica di questo wallet nella lista del round privato…',
  'allowlist.listed': 'Questo wallet è nella lista del round privato.',
  'allowlist.notListed':
    'Questo wallet non è nella lista del round privato, quindi qui non può acquistare. Connetti un wallet in lista oppure acquista nella prevendita pubblica.',
  'allowlist.unavailable':
    'Al momento non è possibile verificare la lista del round privato. Nuovo tentativo tra poco…',

  'purchase.leaderPays':
    'Acquisto con il codice leader {code}: il programma della prevendita versa il 10% dei tuoi SOL al suo leader.',
  'purchase.leaderSuspended':
    'Il codice leader "{code}" è sospeso, quindi questo acquisto non farà guadagnare una commissione al suo leader.',
  'purchase.leaderNoRecord':
    'Non è stato possibile confermare on-chain il codice leader "{code}", quindi questo acquisto non pagherà una commissione al suo leader.',
  'purchase.leaderConfirmSuspended':
    'Il codice leader "{code}" è sospeso: il suo leader non guadagna nulla su questo acquisto. L’acquisto in sé non cambia.',
  'purchase.leaderConfirmNoRecord':
    'Non è stato possibile confermare on-chain il codice leader "{code}", quindi il programma non pagherà il suo leader su questo acquisto. L’acquisto in sé non cambia.',
  'presale.earningsLink': 'Sei un leader? Guarda i tuoi guadagni',

  'earnings.eyebrow': 'Round leader',
  'earnings.title': 'Guadagni del leader',
  'earnings.intro':
    'Ogni acquisto fatto con il tuo codice leader versa il 10% dei suoi SOL nel record on-chain del codice. Riscuotili nel tuo wallet quando vuoi.',
  'earnings.connectTitle': 'Connetti il tuo wallet da leader',
  'earnings.connectText':
    'Connetti il wallet che i tuoi codici leader pagano per vedere quanto hanno guadagnato e riscuoterlo.',
  'earnings.loading': 'Lettura dei tuoi codici leader…',
  'earnings.error': 'Al momento non è possibile leggere i tuoi codici leader.',
  'earnings.retry': 'Riprova',
  'earnings.emptyTitle': 'Nessun codice leader paga questo wallet',
  'earnings.emptyText':
    'I codici leader sono registrati dal team FBT per un wallet del loro leader. Connetti il wallet che il tuo codice paga, oppure contattaci se guidi una community.',
  'earnings.codeLabel': 'Codice leader',
  'earnings.active': 'Attivo',
  'earnings.suspended': 'Sospeso',
  'earnings.suspendedNote':
    'Questo codice è sospeso: i nuovi acquisti con questo codice non generano commissioni. Quanto ha già guadagnato resta tuo da riscuotere.',
  'earnings.volume': 'Volume',
  'earnings.buys': 'Acquisti',
  'earnings.earned': 'Guadagnati',
  'earnings.claimed': 'Riscossi',
  'earnings.claimable': 'Da riscuotere',
  'earnings.claim': 'Riscuoti {sol} SOL',
  'earnings.nothingToClaim': 'Ancora niente da riscuotere',
  'earnings.linkLabel': 'Il tuo link da leader',
  'earnings.showQr': 'Codice QR',
  'earnings.qrTitle': 'Link leader per {code}',
  'earnings.qrText': 'Inquadralo per aprire la pagina leader con il tuo codice.',
  'earnings.qrAlt': 'Codice QR del link leader per {code}',
  'earnings.qrError': 'Non è stato possibile disegnare il codice QR. Condividi il link.',
  'earnings.claimedTitle': 'Commissione riscossa',
  'earnings.claimedSummary': '{sol} SOL inviati al tuo wallet',

  'share.title': 'Condividi questa pagina',
  'share.pageLink': 'Link della pagina',
  'share.blinkLabel': 'Link Blink',
  'share.blinkHint':
    'Pulsanti di acquisto direttamente in un post su X, per i wallet che mostrano i Blink; altrove apre la pagina leader.',
  'share.copy': 'Copia link',
  'share.copied': 'Link copiato',
  'share.copyFailed': 'Qui non è possibile copiare: seleziona il link e copialo.',

  'programError.PresaleInactive': 'La prevendita non è attiva.',
  'programError.ZeroAmount': 'L’importo deve essere maggiore di zero.',
  'programError.BelowMinimum': 'L’importo è inferiore all’acquisto minimo.',
  'programError.ExceedsUserMaximum': 'L’importo supera il tuo limite di acquisto residuo.',
  'programError.ExceedsTotalMaximum': 'L’importo supera quanto resta nella prevendita.',
  'programError.SoldOut': 'La prevendita è esaurita.',
  'programError.ZeroTokens': 'L’importo è troppo piccolo per acquistare FBT.',
  'programError.ArithmeticOverflow': 'L’importo è troppo grande.',
  'programError.InsufficientTokens': 'Nel vault della prevendita restano troppo pochi token.',
  'programError.InvalidLeaderCode':
    'Questo codice leader non è valido: deve avere da 3 a 32 lettere, cifre, _ o -.',
  'programError.InvalidLeaderRecord': 'Questo codice leader non ha un record nella prevendita.',
  'programError.LeaderExists': 'Questo codice leader è già registrato.',
  'programError.LeaderInactive':
    'Questo codice leader è stato sospeso, quindi non si può più acquistare con esso. Ricarica la pagina per acquistare senza codice.',
  'programError.SelfReferral':
    'Un leader non può acquistare con il proprio codice. Acquista con questo wallet nella pagina della prevendita pubblica.',
  'programError.NotLeader':
    'Solo il wallet pagato da questo codice leader può riscuoterne la commissione. Connetti quel wallet.',
  'programError.NothingToClaim': 'Non c’è ancora nessuna commissione da riscuotere.',
  'programError.NotAllowlisted':
    'Questo wallet non è nella lista del round privato, quindi qui non può acquistare.',
  'programError.SaleNotStarted':
    'La prevendita non è ancora iniziata. Attendi la fine del conto alla rovescia.',
  'programError.SaleEnded': 'La prevendita è terminata: non si accettano altri acquisti.',
  'programError.InvalidWindow': 'La finestra di vendita deve iniziare prima di finire.',
  'programError.NotPendingSeller': 'Solo il nuovo venditore proposto può accettare la prevendita.',
  'programError.InvalidBump':
    'La transazione indicava il record acquirente sbagliato. Riprova, per favore.',

  'leaderReportError.LEADER_REPORT__TX_NOT_FOUND':
    'La transazione non è ancora confermata; riprova tra poco.',
  'leaderReportError.LEADER_REPORT__TX_FAILED': 'La transazione è fallita sulla blockchain.',
  'leaderReportError.LEADER_REPORT__NOT_A_PRESALE_BUY':
    'La transazione non è un acquisto della prevendita.',
  'leaderReportError.LEADER_REPORT__WRONG_PRESALE':
    'L’acquisto non è stato fatto sulla prevendita dei leader.',
  'leaderReportError.LEADER_REPORT__MULTIPLE_BUYS': 'La transazione contiene più di un acquisto.',
  'leaderReportError.LEADER_REPORT__SIGNER_MISMATCH':
    'L’acquisto non è stato fatto dal wallet indicato.',
  'leaderReportError.LEADER_REPORT__AMOUNT_MISMATCH':
    'L’importo indicato non corrisponde all’acquisto.',
  'leaderReportError.LEADER_REPORT__MEMO_MISMATCH':
    'L’acquisto è stato fatto con un codice leader diverso.',
  'leaderReportError.LEADER_REPORT__SELF_REFERRAL':
    'Un leader non può guadagnare commissioni sul proprio acquisto.',
  'leaderReportError.LEADER_REPORT__COMMISSION_MISMATCH':
    'La commissione indicata non è il 10% dell’importo.',
  'leaderReportError.LEADER_REPORT__NO_LEADER_RECORD':
    'L’acquisto non indica alcun record leader; i leader di questa prevendita guadagnano solo tramite il loro record on-chain.',
  'leaderReportError.LEADER_REPORT__INVALID_LEADER_RECORD':
    'L’acquisto indica un account che non è un record leader della prevendita dei leader.',
  'leaderReportError.LEADER_REPORT__COMMISSION_NOT_PAID':
    'Il record leader non ha ricevuto la commissione di questo acquisto.',
};
