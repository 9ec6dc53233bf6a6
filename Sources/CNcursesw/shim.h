// ncursesw for Swift. SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so the wide-character API
// (cchar_t, get_wch, WACS_*) must be switched on here, before the header.
#ifndef DIKATA_CNCURSESW_SHIM_H
#define DIKATA_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// Macros and globals Swift cannot import (or Swift 6 rejects as shared mutable state).
static inline WINDOW *dikata_stdscr(void) { return stdscr; }
static inline int dikata_lines(void) { return LINES; }
static inline int dikata_cols(void) { return COLS; }
static inline int dikata_colors(void) { return COLORS; }
static inline FILE *dikata_stdin(void) { return stdin; }
static inline FILE *dikata_stdout(void) { return stdout; }
static inline attr_t dikata_a_bold(void) { return A_BOLD; }
static inline attr_t dikata_a_dim(void) { return A_DIM; }
static inline attr_t dikata_a_underline(void) { return A_UNDERLINE; }
static inline attr_t dikata_a_reverse(void) { return A_REVERSE; }
static inline attr_t dikata_a_normal(void) { return A_NORMAL; }
static inline int dikata_key_resize(void) { return KEY_RESIZE; }
static inline int dikata_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t dikata_wheel_up(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t dikata_wheel_down(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t dikata_wheel_down(void) { return 0; }
#endif
static inline int dikata_wcwidth(wchar_t c) { return wcwidth(c); }

/// Writes one cell: a grapheme (as wide characters) with attributes and a colour pair.
static inline int dikata_put_cell(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    return mvadd_wch(y, x, &cell);
}

// Signals. A handler cannot reach Swift state, so the received signal is kept in one C
// variable (the only global in dikata, and only here): the event loop takes it and quits.
#include <signal.h>
#include <string.h>
static volatile sig_atomic_t dikata_received_signal = 0;

static void dikata_note_signal(int signal_number) { dikata_received_signal = signal_number; }

/// SIGINT, SIGTERM and SIGHUP interrupt a blocking read (no SA_RESTART) and are noted.
static inline void dikata_install_quit_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = dikata_note_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

static inline int dikata_take_signal(void) {
    int value = dikata_received_signal;
    dikata_received_signal = 0;
    return value;
}

/// On a crash inside dikata, give the terminal back before the process dies.
static void dikata_restore_and_reraise(int signal_number) {
    endwin();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static inline void dikata_install_crash_restore(void) {
    signal(SIGSEGV, dikata_restore_and_reraise);
    signal(SIGILL, dikata_restore_and_reraise);
    signal(SIGABRT, dikata_restore_and_reraise);
    signal(SIGBUS, dikata_restore_and_reraise);
    signal(SIGFPE, dikata_restore_and_reraise);
    signal(SIGTRAP, dikata_restore_and_reraise);
}

#endif
