import type { enSwap } from './en-swap';

/** Italian copy of `en-swap.ts` (same keys; `it.ts` spreads it). */
export const itSwap: Record<keyof typeof enSwap, string> = {
  'swap.eyebrow': 'Swap',
  'swap.title': 'Scambia FBT',
  'swap.lead':
    'Scambia SOL e FBT al prezzo del pool. Ogni transazione viene controllata prima che il tuo wallet ti chieda di firmarla.',
  'swap.closedTitle': 'Gli scambi aprono dopo la prevendita',
  'swap.closedText':
    'FBT verrà quotato su un pool alla fine della prevendita. Fino ad allora puoi comprarlo al prezzo fisso della prevendita.',
  'swap.closedPresale': 'Vai alla prevendita',
  'swap.boxTitle': 'Swap',
  'swap.pay': 'Paghi',
  'swap.receive': 'Ricevi',
  'swap.balance': 'Saldo: {amount} {token}',
  'swap.max': 'Max',
  'swap.switch': 'Inverti direzione',
  'swap.updating': 'Aggiorno la quotazione…',
  'swap.enterAmount': 'Inserisci un importo',
  'swap.send': 'Scambia',
  'swap.insufficient':
    '{token} insufficienti in questo wallet (una parte dei SOL resta per le commissioni di rete).',
  'swap.amountZero': 'Inserisci un importo maggiore di 0',
  'swap.tooManyDecimals': 'Gli importi in {token} possono avere al massimo {decimals} decimali',
  'swap.impactWarning':
    'Impatto sul prezzo elevato: questo scambio sposta il prezzo del pool di oltre il 5%. Valuta un importo minore.',
  'swap.fineprint':
    'I prezzi vengono dal pool e cambiano a ogni scambio. Lo slippage limita ciò che accetti.',
  'swap.rate': 'Prezzo',
  'swap.rateValue': '1 FBT ≈ {sol} SOL',
  'swap.minimumReceived': 'Minimo ricevuto',
  'swap.maximumPaid': 'Massimo pagato',
  'swap.priceImpact': 'Impatto sul prezzo',
  'swap.route': 'Percorso',
  'swap.routeValue': 'Pool {pools} · commissione {fee}% ({amount})',
  'swap.networkFee': 'Commissione di priorità',
  'swap.networkFeeValue': 'fino a {sol} SOL',
  'swap.networkFeeFallback': 'fino a {sol} SOL (tariffa standard)',
  'swap.successSummary':
    'Variazione del wallet: −{paid}, +{received} (commissioni di rete incluse)',
  'swap.slippage.button': 'Slippage {value}',
  'swap.slippage.label': 'Tolleranza di slippage',
  'swap.slippage.custom': 'Slippage personalizzato in percentuale',
  'swap.slippage.customPlaceholder': 'Altro',
  'swap.slippage.high':
    'Uno slippage del {value} lascia muovere molto il prezzo a tuo sfavore prima che lo scambio fallisca.',
  'swap.slippage.SLIPPAGE__NOT_A_NUMBER':
    'Inserisci una percentuale come 0,5 (al massimo 2 decimali)',
  'swap.slippage.SLIPPAGE__TOO_LOW': 'Lo slippage deve essere almeno 0,01%',
  'swap.slippage.SLIPPAGE__TOO_HIGH': 'Lo slippage può essere al massimo 50%',
  'swap.stage.building': 'Preparo la transazione…',
  'swap.stage.checking': 'Controllo la transazione…',
  'swap.stage.simulating': 'Simulo lo scambio…',
  'swap.stage.signing': 'Approva nel tuo wallet…',
  'swap.stage.sending': 'Invio…',
  'swap.stage.confirming': 'In attesa di conferma…',
  'swap.api.SWAP__UPSTREAM_TIMEOUT': 'L’exchange non ha risposto in tempo. Riprova.',
  'swap.api.SWAP__UPSTREAM_UNAVAILABLE':
    'L’exchange non è disponibile al momento. Riprova tra poco.',
  'swap.api.SWAP__UPSTREAM_INVALID': 'La risposta dell’exchange non è comprensibile. Riprova.',
  'swap.api.SWAP__NO_ROUTE':
    'Il pool non può eseguire questo scambio ora. Prova con un importo minore.',
  'swap.api.SWAP__QUOTE_INVALID':
    'Questa quotazione non è utilizzabile. Chiedine una nuova e riprova.',
  'swap.api.SWAP__DISABLED': 'Gli scambi aprono dopo la prevendita.',
  'swap.api.SWAP__BAD_ANSWER': 'La risposta del server non è leggibile. Riprova.',
  'swap.api.RATE_LIMITED': 'Troppe richieste. Attendi un momento.',
  'swap.api.REQUEST__INVALID': 'Questo importo non può essere quotato.',
  'swap.problem.SWAP_TX__TOO_LARGE':
    'Rifiutata prima della firma: la transazione è di {size} caratteri, oltre i {max} consentiti.',
  'swap.problem.SWAP_TX__MALFORMED': 'Rifiutata prima della firma: la transazione non è leggibile.',
  'swap.problem.SWAP_TX__LOOKUP_TABLES':
    'Rifiutata prima della firma: la transazione carica account che non possono essere controllati.',
  'swap.problem.SWAP_TX__FEE_PAYER':
    'Rifiutata prima della firma: le commissioni della transazione le paga {payer}, non il tuo wallet.',
  'swap.problem.SWAP_TX__MISSING_SIGNATURE':
    'Rifiutata prima della firma: la transazione richiede ancora la firma di {account}.',
  'swap.problem.SWAP_TX__UNKNOWN_PROGRAM':
    'Rifiutata prima della firma: la transazione chiama il programma {program}, che a uno scambio non serve.',
  'swap.problem.SWAP_TX__UNEXPECTED_INSTRUCTION':
    'Rifiutata prima della firma: l’istruzione {instruction} fa qualcosa che uno scambio non fa.',
  'swap.problem.SWAP_TX__PAYS_SOMEONE_ELSE':
    'Rifiutata prima della firma: la transazione manda i tuoi fondi a {account}, che non è né tuo né del pool.',
  'swap.problem.SWAP_TX__UNEXPECTED_MINT':
    'Rifiutata prima della firma: la transazione tocca il token {mint}; questo scambio tratta solo SOL e FBT.',
  'swap.problem.SWAP_TX__PRIORITY_FEE':
    'Rifiutata prima della firma: la transazione offre una commissione di priorità oltre il limite di {cap} micro-lamport.',
  'swap.problem.SWAP_TX__NO_POOL':
    'Rifiutata prima della firma: l’istruzione dell’exchange non usa il pool quotato.',
  'swap.problem.SWAP_TX__AMOUNT_MISMATCH':
    'Rifiutata prima della firma: la transazione prenderebbe più di quanto dice la quotazione.',
  'swap.problem.SWAP_TX__BELOW_MINIMUM':
    'Il prezzo si è mosso oltre il tuo slippage: riceveresti meno del minimo. Nulla è stato inviato; chiedi una nuova quotazione.',
  'swap.problem.SWAP__SLIPPAGE':
    'Il prezzo si è mosso oltre il tuo slippage. Nulla è stato inviato; chiedi una nuova quotazione e riprova.',
};
