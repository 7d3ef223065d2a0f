import type { Messages } from './en';
import { itDelivery } from './it-delivery';
import { itSale } from './it-sale';
import { itSwap } from './it-swap';

/** Italian UI copy; same keys as the English catalogue. */
export const it: Messages = {
  ...itDelivery,
  ...itSale,
  ...itSwap,

  'brand.full': 'Frustrated Beast Token',
  'brand.short': 'FBT',
  'brand.homeLabel': 'Frustrated Beast Token — home',

  'nav.label': 'Principale',
  'nav.home': 'Home',
  'nav.roadmap': 'Roadmap',
  'nav.live': 'Live',
  'nav.presale': 'Prevendita',
  'nav.leaderboard': 'Classifica',
  'nav.swap': 'Swap',
  'nav.marketplace': 'Marketplace',
  'nav.nft': 'NFT',
  'nav.whitepaper': 'Whitepaper',
  'nav.openMenu': 'Apri il menu',
  'nav.closeMenu': 'Chiudi il menu',
  'nav.newTab': '(si apre in una nuova scheda)',
  'nav.skip': 'Vai al contenuto',

  'lang.label': 'Lingua',
  'lang.switchTo': 'Switch to English',
  'lang.current': 'IT',

  'wallet.connect': 'Connetti Wallet',
  'wallet.disconnectTitle': 'Disconnetti Wallet',
  'wallet.disconnectText': 'Clicca il pulsante per disconnettere il wallet',
  'wallet.back': 'Indietro',
  'wallet.disconnect': 'Disconnetti',
  'wallet.addressLabel': 'Indirizzo del wallet',
  'wallet.copyAddress': 'Copia indirizzo',
  'wallet.addressCopied': 'Indirizzo copiato',
  'wallet.copyAddressFailed': 'Qui non è possibile copiare: seleziona l’indirizzo e copialo.',
  'wallet.fundText': 'Chain di test locale: ricarica questo wallet dal faucet della chain.',
  'wallet.fund': 'Ricevi 10 SOL di prova',
  'wallet.funding': 'Invio dei SOL di prova…',
  'wallet.funded': '10 SOL di prova ricevuti.',
  'wallet.fundFailed': 'La chain locale non ha inviato i SOL di prova. Riprova.',
  'wallet.pickerTitle': 'Connetti Wallet',
  'wallet.pickerText': 'Scegli il wallet con cui acquistare FBT.',
  'wallet.pickerTextSwap': 'Scegli il wallet con cui fare lo swap.',
  'wallet.pickerTextClaim':
    'Scegli il wallet su cui i tuoi codici leader pagano, per riscuotere la tua commissione.',
  'wallet.phantom': 'Phantom Wallet',
  'wallet.solflare': 'Solflare Wallet',
  'wallet.cancel': 'Annulla',
  'wallet.detected': 'Rilevato',
  'wallet.webWallet': 'Non installato: si collega tramite il suo wallet web',
  'wallet.openApp': 'Apre l’app',
  'wallet.install': 'Installa',
  'wallet.openInText':
    'Hai l’app su questo telefono? Apri questa pagina al suo interno per connetterti.',
  'wallet.openIn': 'Apri in {wallet}',

  'purchase.bought': 'Hai comprato {bought}/{max} SOL',
  'purchase.price': '1 SOL = {usd} USD',
  'purchase.priceLoading': '1 SOL = … USD',
  'purchase.priceApprox': '≈ 1 SOL = {usd} USD',
  'purchase.priceFallbackNote':
    'Valore di riferimento: il prezzo live di SOL non è disponibile ora, quindi non è il prezzo di mercato.',
  'purchase.priceStaleNote':
    'Ultimo prezzo noto: il feed live del prezzo di SOL non si aggiorna da un po’.',
  'purchase.amountLabel': 'Importo (SOL)',
  'purchase.amountPlaceholder': 'Importo',
  'purchase.estimate': 'Riceverai {amount} FBT',
  'purchase.send': 'Invia',
  'purchase.limits': 'Min {min} SOL · Max {max} SOL per wallet',
  'purchase.stage.validating': 'Controllo l’importo…',
  'purchase.stage.preparing': 'Preparo la transazione…',
  'purchase.stage.simulating': 'Verifico la transazione…',
  'purchase.stage.signing': 'Approva nel tuo wallet…',
  'purchase.stage.sending': 'Invio…',
  'purchase.stage.confirming': 'In attesa di conferma…',
  'purchase.soldOutTitle': 'Prevendita esaurita',
  'purchase.soldOutText': 'Tutti gli FBT di questo round sono stati comprati. Grazie, bestie!',
  'purchase.inactive': 'Questa prevendita è in pausa al momento.',
  'purchase.loadError': 'Non è stato possibile caricare la prevendita. Riprova tra poco.',
  'purchase.errorTitle': 'Errore',
  'purchase.successTitle': 'Transazione riuscita',
  'purchase.successText': 'Clicca Apri per vederla su Solscan',
  'purchase.successSummary': '{fbt} FBT per {sol} SOL',
  'purchase.close': 'Chiudi',
  'purchase.open': 'Apri',
  'purchase.leaderChecking': 'Verifico il codice leader…',
  'purchase.leaderMissing':
    'Questo link non contiene un codice leader valido. Chiedi al tuo leader il link giusto.',
  'purchase.leaderUnknown':
    'Il codice leader "{code}" non è registrato. Chiedi al tuo leader il link giusto.',
  'purchase.leaderUnavailable': 'Non è stato possibile verificare il codice leader. Riprova.',
  'purchase.leaderPleaseContact': 'Contatta il tuo Leader',

  'purchase.leaderProceed': 'Puoi comunque acquistare ora.',
  'purchase.leaderConfirmTitle': 'Acquistare senza un codice leader verificato?',
  'purchase.leaderConfirmMissing':
    'Questo link non ha un codice leader valido, quindi questo acquisto non verrà conteggiato per un leader. L’acquisto in sé non ne risente.',
  'purchase.leaderConfirmUnknown':
    'Il codice leader "{code}" non è registrato, quindi probabilmente questo acquisto non verrà conteggiato per un leader. L’acquisto in sé non ne risente.',
  'purchase.leaderConfirmUnavailable':
    'Non è stato possibile verificare ora il codice leader "{code}". Verrà verificato di nuovo quando l’acquisto sarà segnalato al tuo leader.',
  'purchase.leaderConfirmBuy': 'Acquista comunque',
  'purchase.leaderConfirmCancel': 'Annulla',
  'purchase.boughtLoading': 'Leggo quanto ha già acquistato questo wallet…',
  'purchase.boughtRetrying':
    'Non è stato possibile leggere quanto ha già acquistato questo wallet. Nuovo tentativo tra {seconds} s…',
  'purchase.boughtRetryNow': 'Riprova ora',

  'amount.AMOUNT__EMPTY': 'Il campo importo è vuoto',
  'amount.AMOUNT__USER_LIMIT_REACHED': 'Hai già superato il limite acquistabile',
  'amount.AMOUNT__TOO_HIGH': 'Importo troppo alto. Max {max} SOL',
  'amount.AMOUNT__TOO_LOW': 'Importo troppo basso. Min {min} SOL',
  'amount.AMOUNT__NOT_A_NUMBER': 'L’importo deve essere un numero',
  'amount.AMOUNT__NEGATIVE': 'L’importo non può essere negativo',
  'amount.AMOUNT__EXPONENT': 'Inserisci l’importo come numero decimale semplice',
  'amount.AMOUNT__TOO_MANY_DECIMALS': 'L’importo può avere al massimo 9 decimali',
  'amount.AMOUNT__OUT_OF_RANGE': 'L’importo è troppo grande',

  'dialogText.DIALOG__ERROR': 'Errore',
  'dialogText.DIALOG__WARNING': 'Attenzione',
  'dialogText.DIALOG__TX_EXECUTED': 'Transazione eseguita con successo.',
  'dialogText.DIALOG__LEADER_CODE_ERROR':
    'Si è verificato un errore con il codice Leader. Contatta il supporto o il tuo leader',
  'dialogText.DIALOG__CONTACT_LEADER': 'Contatta il tuo Leader',
  'dialogText.DIALOG__TRY_AGAIN': 'Riprova',
  'dialogText.DIALOG__NO_SOL':
    'Il tuo wallet non ha ancora SOL su questa rete. Aggiungi SOL per pagare l’acquisto e la sua commissione.',
  'dialogText.DIALOG__NOT_ENOUGH_SOL':
    'SOL insufficienti nel wallet per questo importo più la commissione di rete.',
  'dialogText.DIALOG__NOT_SIGNED': 'Il wallet non ha firmato la transazione.',
  'dialogText.DIALOG__WALLET_REJECTED': 'Hai rifiutato la richiesta nel wallet.',

  'content.sampleTag': 'Esempio',
  'content.sampleNote':
    'Il whitepaper e i termini collegati in questo sito sono documenti di esempio di questa installazione, non quelli reali.',
  'content.sampleDocuments':
    'Questi sono documenti di esempio di questa installazione, non il whitepaper reale.',

  'dialog.close': 'Chiudi la finestra',

  'whitepaper.title': 'Scegli la lingua',
  'whitepaper.text': 'Il whitepaper si apre in una nuova scheda.',
  'whitepaper.english': 'English',
  'whitepaper.italian': 'Italiano',

  'hero.eyebrow': 'Token della community su Solana · Prevendita aperta',
  'hero.title': 'Basta sprecare soldi',
  'hero.blurb':
    'Frustrated Beast Token è qui per rendere più leggera la frustrazione della tua anima.',
  'hero.body':
    'FBT vuole dare alla sua community felicità invece di frustrazione. Come ogni bestia, muta nel tempo: nuove collezioni, nuovi contest e nuovi modi di usarlo, decisi da chi lo possiede.',
  'hero.ctaPresale': 'Partecipa alla prevendita',
  'hero.ctaWhitepaper': 'Leggi il Whitepaper',
  'hero.imageAlt': 'La Frustrated Beast, tranquilla',
  'hero.imageAltMutated': 'La Frustrated Beast, mutata e furiosa',
  'hero.price': 'Prezzo di prevendita',
  'hero.priceValue': '0,00005 SOL',
  'hero.supplyValue': '100.000.000 FBT',

  'stats.label': 'Il token in breve',
  'stats.tradable.value': 'Scambiabile',
  'stats.tradable.title': 'Compra, tieni e scambia su Solana',
  'stats.supply.value': '100M',
  'stats.supply.title': 'Offerta totale',
  'stats.transparent.value': 'Trasparente',
  'stats.transparent.title': 'Regole applicate on-chain, verificabili da tutti',
  'stats.transparent.link': 'Verifica questa vendita sulla chain',
  'presale.verifyLink': 'Verifica questa vendita',

  'features.eyebrow': 'Perché FBT',
  'features.title': 'Un team pronto a stupirti',
  'features.lead':
    'Proprietari, sviluppatori, ambassador e leader sono uniti dietro una sola bestia e un solo obiettivo: una community che smette di sprecare soldi.',
  'features.referral.title': 'Niente link referral',
  'features.referral.content':
    'Un ecosistema aperto basato sulla meritocrazia. Nessuno sale sulle spalle degli altri: viene premiato il contributo.',
  'features.nft.title': 'Collezioni NFT',
  'features.nft.content':
    'Collezioni limitate, a partire da Scream, vendute sul nostro marketplace NFT e pensate per crescere con la bestia.',
  'features.marketplace.title': 'Marketplace della community',
  'features.marketplace.content':
    'Un marketplace guidato dalla community, dove i prodotti in vendita sono inseriti dalla community stessa.',

  'product.eyebrow': 'Il prodotto',
  'product.title': 'Un token che muta con la sua community',
  'product.body':
    'FBT è più di un ticker. Ogni traguardo raggiunto dalla community sblocca una nuova mutazione della bestia: nuove illustrazioni, nuove funzioni nel marketplace e nuovi motivi per tenerlo. Le regole della prevendita vivono on-chain, dove chiunque può verificarle.',
  'product.imageAlt': 'La Frustrated Beast con in mano una moneta FBT',
  'product.point1': 'Regole della prevendita applicate da un programma on-chain',
  'product.point2': 'Prezzo fisso di prevendita: 0,00005 SOL per FBT',
  'product.point3': 'Distribuzione automatica al 100% dell’allocazione',

  'cta.title': 'Leggi il Whitepaper',
  'cta.body':
    'Tutto su FBT in un solo documento: tokenomics, roadmap e regole del gioco. Leggilo e partecipa ai nostri contest per avere la possibilità di vincere l’airdrop.',
  'cta.read': 'Leggi il Whitepaper',
  'cta.presale': 'Vai alla prevendita',

  'hold.eyebrow': 'Marketplace',
  'hold.title': 'Tieni il token',
  'hold.body':
    'Compra FBT, tienilo e scambialo con prodotti e NFT sul marketplace della community. Più a lungo la bestia vive nel tuo wallet, più si calma.',
  'hold.cta': 'Visita il Marketplace',

  'footer.usefulLinks': 'Link utili',
  'footer.whitepaperEn': 'Whitepaper (English)',
  'footer.whitepaperIt': 'Whitepaper (Italiano)',
  'footer.howItWorks': 'Come funziona',
  'footer.terms': 'Termini e condizioni',
  'footer.community': 'Community',
  'footer.telegram': 'Canale Telegram',
  'footer.x': 'X (Twitter)',
  'footer.partner': 'Partner',
  'footer.becomePartner': 'Diventa partner',
  'footer.contact': 'Contattaci',
  'footer.poweredBy': 'Realizzato su',
  'footer.auditedBy': 'Verificato da',
  'footer.auditLabel': 'Leggi il report di audit',
  'footer.copyright': '© 2024 Frustrated Beast Token. Tutti i diritti riservati.',
  'footer.tagline': 'Il token su Solana che rende più leggera la frustrazione della tua anima.',
  'footer.social': 'Social',
  'footer.disclaimerTitle': 'Avvertenza sui rischi',
  'footer.disclaimer':
    'I token FBT sono meme coin con valore intrinseco pari a zero. Il loro valore è determinato solo dalla domanda e dall’offerta. Investire in cripto-attività comporta un rischio elevato, inclusa la perdita dell’intero capitale. Non è previsto alcun rimborso, salvo i SOL di una prevendita che non raggiunge il suo minimo. Investi solo ciò che puoi permetterti di perdere.',

  'roadmap.eyebrow': 'Roadmap',
  'roadmap.title': 'Roadmap FBT',
  'roadmap.subtitle':
    'Il nostro percorso verso l’innovazione: dalla distribuzione al team al lancio del token.',
  'roadmap.step1.date': 'Fase 1',
  'roadmap.step1.title': 'Primo passo',
  'roadmap.step1.description': 'Distribuzione al team di progetto e nuovi potenziali accordi.',
  'roadmap.step2.date': 'Fase 2',
  'roadmap.step2.title': 'Secondo passo',
  'roadmap.step2.description':
    'Creazione dei canali di comunicazione e informazione; distribuzione dell’airdrop insieme a campagne social e contest.',
  'roadmap.step3.date': 'Fase 3',
  'roadmap.step3.title': 'Terzo passo',
  'roadmap.step3.description': 'Lancio della collezione NFT Scream e prevendita.',
  'roadmap.step4.date': 'Fase 4',
  'roadmap.step4.title': 'Quarto passo',
  'roadmap.step4.description': 'Lancio del token.',

  'live.eyebrow': 'Obiettivi della community',
  'live.title': 'Obiettivi Live',
  'live.p1':
    'Ogni bestia nasce sola. La nostra cresce ogni volta che qualcuno entra nel canale Telegram o ci segue su X, e ogni membro avvicina la prossima mutazione.',
  'live.p2':
    'Questi obiettivi non sono numeri di facciata: ognuno sblocca contest, round di airdrop e nuove funzioni del marketplace per chi ha aiutato a raggiungerlo.',
  'live.p3':
    'Porta un amico, condividi un meme, fai una domanda scomoda. I contatori qui sotto si aggiornano in diretta e si muovono solo grazie a te.',
  'live.telegram': 'Membri Telegram',
  'live.twitter': 'Utenti Twitter',
  'live.unitMembers': 'membri',
  'live.unitUsers': 'utenti',
  'live.joinTelegram': 'Entra su Telegram',
  'live.followX': 'Seguici su X',
  'live.stale': 'Ultimo valore noto — aggiornamento in corso',
  'live.lockedRow': 'Si sblocca al raggiungimento dell’obiettivo 5000',
  'live.updated': 'Live',

  'progress.goal': 'Obiettivo',
  'progress.completed': 'Completato',
  'progress.final': '{current} {unit}',
  'progress.remaining': '{current} {unit} · ne mancano {remaining}',
  'progress.completedAlt': 'Badge obiettivo completato',
  'progress.percent': '{percent}% dell’obiettivo',

  'presale.eyebrow': 'Prevendita',
  'presale.title': 'Prevendita',
  'presale.privateBadge': 'Round privato',
  'presale.leaderBadge': 'Round leader',
  'presale.copy1': 'Il prezzo del token in prevendita è 0,00005 SOL.',
  'presale.copy2':
    'La distribuzione parte automaticamente quando viene raggiunto il 100% dell’allocazione di prevendita.',
  'presale.copy3': 'Il mercato ci renderà meno frustrati?',
  'presale.imageAlt': 'Moneta FBT della prevendita con la bestia',
  'presale.characterAlt': 'La Frustrated Beast che osserva la prevendita',
  'presale.eyesAlt': 'Gli occhi della bestia che seguono la prevendita',
  'presale.targetTitle': 'Obiettivo SOL',
  'presale.targetType': 'SOL raccolti',
  'presale.unit': 'SOL',
  'presale.leaderCode': 'Codice leader',
  'presale.leaderCodeMissing': 'Nessun codice leader nel link',
  'presale.boxTitle': 'Diventa un holder FBT!',
  'presale.boxSubtitle': 'Inserisci l’importo e invia ora',
  'presale.boxPrice': '1 FBT = 0,00005 SOL',
  'presale.boxHint': 'Connetti Phantom o Solflare per comprare FBT con SOL.',
  'presale.howTitle': 'Come acquistare',
  'presale.how1': 'Connetti Phantom o Solflare.',
  'presale.how2': 'Inserisci quanti SOL vuoi spendere.',
  'presale.how3': 'Invia, approva nel wallet e ricevi gli FBT nella stessa transazione.',

  'leaderboard.eyebrow': 'Leader',
  'leaderboard.title': 'Classifica',
  'leaderboard.subtitle':
    'I leader guadagnano una commissione del 10% su ogni acquisto in prevendita fatto con il loro codice. Contano solo gli acquisti verificati on-chain.',
  'leaderboard.rank': 'Posizione',
  'leaderboard.code': 'Leader',
  'leaderboard.buys': 'Acquisti',
  'leaderboard.volume': 'Volume',
  'leaderboard.commission': 'Commissione',
  'leaderboard.empty': 'Ancora nessun acquisto con codice leader. Diventa il primo in classifica.',
  'leaderboard.error': 'Impossibile caricare la classifica. Riprova tra un momento.',
  'leaderboard.loading': 'Caricamento della classifica…',
  'leaderboard.retry': 'Riprova',

  'wip.home': 'Torna alla Home',

  'mammamia.title': 'Mamma Mia!',
  'mammamia.text':
    'Nella cucina della bestia bolle qualcosa di grosso. Segui i passi qui sotto: il primo è pronto per te, il secondo si apre quando la community sarà pronta.',
  'mammamia.first': 'Primo passo',
  'mammamia.second': 'Secondo passo',

  'notFound.code': '404',
  'notFound.title': 'Questa bestia si è persa',
  'notFound.text':
    'La pagina che cerchi non esiste o è stata spostata. Non hai perso nulla: torna alla home o vai alla prevendita.',
  'notFound.home': 'Torna alla Home',
  'notFound.presale': 'Vai alla prevendita',

  'error.title': 'Errore imprevisto dell’applicazione!',
  'error.reload': 'Ricarica la pagina',
  'error.home': 'Torna alla Home',
};
