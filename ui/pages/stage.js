// The table's stage: the seat strip and the board, with the seats to move and the seats
// held by bots as data attributes (the turn rings and the "thinking" marks are styled from
// them). A spectator's board arrives as one HTML string, either with the page (the `frame`
// prop) or in a "cs_frame" message sent to every spectator of the table at once
// (ui/pages/spectators.py); the newest frame wins, whichever way it came.
export default {
  template: `
    <div class="column w-full" style="gap:.75rem"
         :data-movers="state.movers" :data-bots="state.bots" data-testid="stage">
      <slot></slot>
      <template v-if="state.html != null">
        <div class="cs-sr-only" role="status" aria-live="polite">{{ state.said }}</div>
        <div class="w-full" data-testid="board" :data-ply="state.ply" :data-phase="state.phase"
             v-html="state.html"></div>
      </template>
    </div>`,
  props: {
    table: String,
    frame: Object,
  },
  data() {
    return { state: this.frame };
  },
  watch: {
    frame(next) {
      this.take(next);
    },
  },
  mounted() {
    this.listener = (message) => {
      if (message.table === this.table) this.take(message);
    };
    // The page's socket is opened once the page is mounted, after its elements.
    const attach = () => {
      if (this.gone) return;
      if (window.socket) window.socket.on("cs_frame", this.listener);
      else setTimeout(attach, 50);
    };
    attach();
  },
  unmounted() {
    this.gone = true;
    if (window.socket) window.socket.off("cs_frame", this.listener);
  },
  methods: {
    take(next) {
      if (!next || next.seq < this.state.seq) return;
      // A new board replaces the old one: keep open what the spectator opened.
      const open = Array.from(this.$el?.querySelectorAll?.("details[open][data-testid]") || []).map(
        (details) => details.dataset.testid,
      );
      this.state = next;
      if (open.length)
        this.$nextTick(() => {
          for (const id of open) {
            const details = this.$el.querySelector(`details[data-testid="${id}"]`);
            if (details) details.open = true;
          }
        });
    },
  },
};
