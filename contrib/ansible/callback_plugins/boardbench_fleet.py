# boardbench_fleet.py - an Ansible callback for scripts/fleet: records, per
# host, what fleet.yml found and why a host failed, in a file the script
# reads (no parsing of Ansible's screen output).  Enabled by scripts/fleet
# (ANSIBLE_CALLBACKS_ENABLED=boardbench_fleet); it does nothing unless
# BOARDBENCH_FLEET_EVENTS names the file to append to.
#
# One event a line, fields separated by a tab; text from the hosts is
# bounded and has its control characters (C0, DEL, C1) replaced:
#   HOST variant VARIANT    the build picked for the host
#   HOST failed  [TASK: ]MESSAGE    (the task's name unless it is a fail task)
#   HOST unreachable MESSAGE
# When BOARDBENCH_FLEET_LOGS names a folder, the output of each host's
# `boardbench run` is written to HOST.run.txt there.

import os
import re

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = '''
    name: boardbench_fleet
    type: aggregate
    short_description: per-host outcome of contrib/ansible/fleet.yml
    description:
      - Appends one line per host event to the file named by the
        BOARDBENCH_FLEET_EVENTS environment variable.
'''

MAX_TEXT = 400
# C0, DEL and C1 (scripts/fleet escapes what it prints once more)
_CONTROL = re.compile(r'[\x00-\x1f\x7f-\x9f]+')
_SAFE_NAME = re.compile(r'^[A-Za-z0-9][A-Za-z0-9._:+-]*$')


def _clean(text, limit=MAX_TEXT):
    text = _CONTROL.sub(' ', str(text)).strip()
    if len(text) > limit:
        text = text[:limit] + '...'
    return text


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = 'aggregate'
    CALLBACK_NAME = 'boardbench_fleet'
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self._events = os.environ.get('BOARDBENCH_FLEET_EVENTS')
        self._logs = os.environ.get('BOARDBENCH_FLEET_LOGS')

    def _emit(self, host, kind, text):
        if not self._events:
            return
        line = '%s\t%s\t%s\n' % (_clean(host, 200), kind, _clean(text))
        with open(self._events, 'a', encoding='utf-8',
                  errors='replace') as f:
            f.write(line)

    def v2_runner_on_failed(self, result, ignore_errors=False):
        if ignore_errors:
            return
        r = result._result
        exc = str(r.get('exception') or '').strip().splitlines()
        msg = r.get('msg') or r.get('stderr') or (exc and exc[-1]) or 'failed'
        if r.get('module_stderr'):
            # a module that did not run: what the connection said
            msg = '%s: %s' % (msg, r['module_stderr'])
        if result._task.action not in ('fail', 'ansible.builtin.fail'):
            # a module's message needs the step it failed in
            msg = '%s: %s' % (result._task.get_name(), msg)
        self._emit(result._host.get_name(), 'failed', msg)

    def v2_runner_on_unreachable(self, result):
        self._emit(result._host.get_name(), 'unreachable',
                   result._result.get('msg') or 'unreachable')

    def v2_runner_on_ok(self, result):
        host = result._host.get_name()
        facts = result._result.get('ansible_facts') or {}
        if 'boardbench_fleet_variant' in facts:
            self._emit(host, 'variant', facts['boardbench_fleet_variant'])
        if result._task.get_name() == 'boardbench run':
            self._save_run_output(host, result._result)

    def _save_run_output(self, host, r):
        if not self._logs or not _SAFE_NAME.match(host):
            return
        path = os.path.join(self._logs, host + '.run.txt')
        with open(path, 'w', encoding='utf-8', errors='replace') as f:
            f.write('# exit status %s\n' % r.get('rc'))
            for key in ('stdout', 'stderr', 'msg'):
                text = r.get(key)
                if text:
                    f.write('# %s\n%s\n' % (key, text))
