import type { enDelivery } from './en-delivery';

/** Italian copy of `en-delivery.ts` (same keys; `it.ts` spreads it). */
export const itDelivery: Record<keyof typeof enDelivery, string> = {
  'delivery.copyProgram':
    'Gli FBT in vendita sono custoditi on-chain dal programma della prevendita, che applica ogni limite.',
  'delivery.copyInstant': 'Ogni acquisto consegna subito i suoi FBT, nella stessa transazione.',
  'delivery.copyCompletionEnd':
    'La distribuzione parte automaticamente quando viene raggiunto il 100% dell’allocazione di prevendita, o quando la vendita chiude il {date}.',
  'delivery.how3Completion':
    'Invia e approva nel wallet: i tuoi FBT vengono riservati subito e consegnati quando la vendita si conclude.',

  'delivery.boxWhen': 'I tuoi FBT arrivano quando la vendita si conclude:',
  'delivery.scheduleAll': 'tutti in una volta.',
  'delivery.scheduleVesting': '{percent} subito, il resto sbloccato gradualmente in {duration}.',
  'delivery.scheduleVestingCliff':
    '{percent} subito, nient’altro per {cliff}, poi il resto sbloccato gradualmente fino a {duration} dalla conclusione.',
  'delivery.minimumRaise': 'Se la vendita raccoglie meno di {sol} SOL, riavrai i tuoi SOL.',
  'delivery.successSummary':
    '{fbt} FBT per {sol} SOL, tenuti per te fino alla conclusione della vendita',

  'delivery.soldOutText':
    'Tutti gli FBT di questo round sono stati comprati. I tuoi FBT vengono consegnati appena la vendita è finalizzata.',
  'delivery.endedNext': 'I tuoi FBT vengono consegnati appena la vendita è finalizzata.',
  'delivery.endedBelowMinimum':
    'Ha raccolto meno del minimo di {sol} SOL: una volta finalizzata, ogni acquirente riprende i suoi SOL.',
  'delivery.completeTitle': 'La prevendita è conclusa',
  'delivery.completeText':
    'Gli acquisti sono chiusi e gli FBT vengono consegnati a ogni acquirente.',
  'delivery.failedTitle': 'La prevendita non ha raggiunto il minimo',
  'delivery.failedText':
    'Ha raccolto meno del minimo di {sol} SOL, quindi nessun FBT viene distribuito: ogni acquirente riprende i suoi SOL.',

  'yourFbt.title': 'I tuoi FBT',
  'yourFbt.paid': 'Pagati',
  'yourFbt.bought': 'Comprati',
  'yourFbt.delivered': 'Consegnati',
  'yourFbt.owed': 'Ancora da ricevere',
  'yourFbt.claimable': 'Sbloccati ora',
  'yourFbt.waiting':
    'Tenuti per te fino alla conclusione della vendita, poi consegnati automaticamente.',
  'yourFbt.soldOut':
    'La vendita è esaurita: i tuoi FBT vengono consegnati automaticamente appena è finalizzata.',
  'yourFbt.ended':
    'La vendita è chiusa: i tuoi FBT vengono consegnati automaticamente appena è finalizzata.',
  'yourFbt.belowMinimum':
    'La vendita si è chiusa sotto il minimo: una volta finalizzata, riprendi i {paid} SOL che hai pagato.',
  'yourFbt.vesting':
    'Consegnati automaticamente man mano che si sbloccano. Riscuoti ora quelli già sbloccati per averli subito.',
  'yourFbt.delivering': 'In consegna automatica nel tuo wallet.',
  'yourFbt.done': 'Tutti i tuoi FBT sono nel tuo wallet.',
  'yourFbt.failed':
    'La vendita ha raccolto meno del minimo di {sol} SOL, quindi nessun FBT viene consegnato. Riprendi i {paid} SOL che hai pagato.',
  'yourFbt.schedule': 'Piano di sblocco',
  'yourFbt.stepCompletion': 'Conclusione',
  'yourFbt.stepCliff': 'Cliff',
  'yourFbt.stepEnd': 'Tutto sbloccato',
  'yourFbt.whenCompletes': 'Alla conclusione della vendita',
  'yourFbt.afterCompletion': '{duration} dopo la conclusione',
  'yourFbt.shareUnlocked': '{percent} sbloccato',
  'yourFbt.linearStarts': 'Inizia lo sblocco graduale',
  'yourFbt.claim': 'Riscuoti {fbt} FBT',
  'yourFbt.refund': 'Rimborsa {sol} SOL',
  'yourFbt.claimedTitle': 'FBT riscossi',
  'yourFbt.claimedSummary': '{fbt} FBT inviati al tuo wallet',
  'yourFbt.refundedTitle': 'SOL rimborsati',
  'yourFbt.refundedSummary': '{sol} SOL restituiti al tuo wallet',

  'distribution.awaiting': 'Conclusa: la consegna parte appena la vendita è finalizzata.',
  'distribution.awaitingRefund':
    'Conclusa sotto il minimo: i rimborsi si aprono appena la vendita è finalizzata.',
  'distribution.progress': 'Distribuzione: {done} di {total} acquirenti',
  'distribution.vesting':
    'Sblocco fino al {date}: gli FBT vengono consegnati man mano che si sbloccano.',
  'distribution.done': 'Fatto: ogni acquirente ha i suoi FBT.',
  'distribution.failed': 'Minimo non raggiunto: {done} di {total} acquirenti rimborsati',

  'programError.SaleNotComplete':
    'La prevendita si conclude solo quando è esaurita o quando la sua finestra è terminata.',
  'programError.AlreadyFinalized': 'La prevendita è finalizzata: gli acquisti sono chiusi.',
  'programError.NotFinalized':
    'La prevendita non è ancora finalizzata: potrai riscuotere i tuoi FBT appena lo sarà.',
  'programError.SaleFailed':
    'La prevendita non ha raggiunto il minimo: nessun FBT viene consegnato e puoi riprendere i tuoi SOL.',
  'programError.SaleSucceeded':
    'La prevendita ha raggiunto il minimo: non c’è nulla da rimborsare.',
  'programError.NothingDue': 'Per questo wallet non è ancora sbloccato nient’altro.',
  'programError.SaleEndMoved':
    'La data di fine della vendita è cambiata dopo che hai aperto la pagina: controllala e acquista di nuovo.',
};
