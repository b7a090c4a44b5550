// The site's header, drawn in the browser from one element's props (ui/header.py): the
// logo, the links, the account or sign-in, the colour theme's menu, the languages, and on
// narrow screens one menu holding the links, the account and the languages. Links are
// plain links; choosing a theme or a language is sent to the server ("theme", "lang"),
// which remembers it for the browser. Every text comes from the props, each escaped by
// Vue's interpolation; none is put in a class or a style.
export default {
  template: `
    <div style="display:contents">
      <a href="/" class="row items-center no-wrap gap-2 no-underline text-white" data-testid="home">
        <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
          <path d="M4 26h24v2H4z" fill="#fde68a"/>
          <path d="M6 26V14l10-8 10 8v12h-4v-7a6 6 0 0 0-12 0v7z" fill="#fde68a"/>
          <circle cx="16" cy="11" r="1.6" fill="#7c2d12"/>
        </svg>
        <span class="text-xl font-bold tracking-wide">Caravanserai</span>
      </a>
      <div class="q-space"></div>
      <nav class="row items-center gap-1 cs-wide" :aria-label="words.nav">
        <q-btn v-for="link in links" :key="link.name" flat color="white" no-caps
               :label="link.label" :href="link.href" :data-testid="'nav-' + link.name">
          <q-badge v-if="link.name === 'turns' && turns.count > 0" floating rounded color="red-7"
                   data-testid="turns-count" :aria-label="turns.said">{{ turns.count }}</q-badge>
        </q-btn>
      </nav>
      <q-btn v-if="account" flat color="white" no-caps icon="person" :label="account"
             href="/account" class="cs-wide cs-account" data-testid="nav-account"/>
      <q-btn v-else flat color="white" no-caps :label="words.signin" href="/signin"
             class="cs-wide" data-testid="nav-signin"/>
      <q-btn flat round dense color="white" :icon="themeIcon(theme)" aria-haspopup="menu"
             data-testid="theme" :aria-label="words.themes[theme].said" :title="words.themes[theme].said">
        <q-menu role="menu">
          <q-item v-for="key in themeKeys" :key="key" clickable v-close-popup role="menuitemradio"
                  :aria-checked="key === theme ? 'true' : 'false'" :data-testid="'theme-' + key"
                  @click="$emit('theme', key)">
            <div class="row items-center gap-2 no-wrap">
              <q-icon name="check" class="text-lg" :style="{visibility: key === theme ? 'visible' : 'hidden'}"/>
              <q-icon :name="themeIcon(key)" class="text-lg"/>
              <span>{{ words.themes[key].name }}</span>
            </div>
          </q-item>
        </q-menu>
      </q-btn>
      <div class="row items-center gap-0 cs-wide" role="group" :aria-label="words.language">
        <q-btn v-for="language in languages" :key="language.code" dense :label="language.code.toUpperCase()"
               :unelevated="language.current" :flat="!language.current"
               :color="language.current ? 'amber-8' : 'white'" :data-testid="'lang-' + language.code"
               :aria-pressed="language.current ? 'true' : 'false'" :aria-label="language.name"
               @click="$emit('lang', language.code)"/>
      </div>
      <q-btn flat round color="white" icon="menu" class="cs-narrow" aria-haspopup="menu"
             data-testid="nav-menu" :aria-label="words.menu">
        <q-badge v-if="turns.count > 0" floating rounded color="red-7"
                 data-testid="turns-count-narrow" :aria-label="turns.said">{{ turns.count }}</q-badge>
        <q-menu role="menu" data-testid="nav-menu-list">
          <q-item v-for="link in links" :key="link.name" clickable v-close-popup tag="a"
                  :href="link.href" role="menuitem" :data-testid="'menu-' + link.name">
            <q-item-section>{{ link.label }}</q-item-section>
          </q-item>
          <q-item v-if="account" clickable v-close-popup tag="a" href="/account" role="menuitem"
                  class="cs-account" data-testid="menu-account">
            <q-item-section>{{ account }}</q-item-section>
          </q-item>
          <q-item v-else clickable v-close-popup tag="a" href="/signin" role="menuitem"
                  data-testid="menu-signin">
            <q-item-section>{{ words.signin }}</q-item-section>
          </q-item>
          <q-separator/>
          <q-item v-for="language in languages" :key="language.code" clickable v-close-popup
                  role="menuitemradio" :aria-checked="language.current ? 'true' : 'false'"
                  :lang="language.code" :class="language.current ? 'text-weight-bold' : ''"
                  :data-testid="'menu-lang-' + language.code" @click="$emit('lang', language.code)">
            <q-item-section>{{ language.name }}</q-item-section>
          </q-item>
        </q-menu>
      </q-btn>
    </div>`,
  props: {
    links: Array,
    account: String,
    languages: Array,
    theme: String,
    icons: Object,
    words: Object,
    turns: Object,
  },
  computed: {
    themeKeys() {
      return Object.keys(this.icons);
    },
  },
  methods: {
    themeIcon(key) {
      return this.icons[key];
    },
  },
};
