"""A minimal Chrome DevTools Protocol client: Python 3 standard library only.

Starts a headless Chromium with a fresh profile, finds the page target, and speaks the
WebSocket protocol itself (handshake, masked client frames, fragmented and large frames) over
a plain socket. Commands are sent and answered by id; events are collected on the way
(console calls, exceptions, log entries) for the caller to read.
"""

import base64
import json
import os
import random
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request


class CDPError(Exception):
    pass


class WebSocket:
    """Client side of RFC 6455, enough for DevTools: text frames, ping/pong, close."""

    def __init__(self, url, timeout=60):
        m = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        if not m:
            raise CDPError(f"not a ws:// address: {url}")
        host, port, path = m.group(1), int(m.group(2)), m.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        req = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(req.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise CDPError("the DevTools socket closed during the handshake")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise CDPError(f"WebSocket handshake refused: {head[:200]!r}")

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buf)))
            if not chunk:
                raise CDPError("the DevTools socket closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send(self, text, opcode=1):
        data = text.encode() if isinstance(text, str) else text
        head = bytes([0x80 | opcode])
        n = len(data)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i & 3] for i, b in enumerate(data)) if n < 4096 else _mask_fast(data, mask)
        self.sock.sendall(head + mask + masked)

    def recv(self):
        """The next whole message (fragments joined), answering pings on the way."""
        parts, first_op = [], None
        while True:
            b0, b1 = self._read(2)
            fin, op = b0 & 0x80, b0 & 0x0F
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            data = self._read(n)
            if mask:
                data = _mask_fast(data, mask)
            if op == 9:  # ping
                self.send(data, opcode=10)
                continue
            if op == 10:
                continue
            if op == 8:
                raise CDPError("the browser closed the DevTools socket")
            if op != 0:
                first_op = op
            parts.append(data)
            if fin:
                msg = b"".join(parts)
                return msg.decode() if first_op == 1 else msg

    def close(self):
        try:
            self.send(b"\x03\xe8", opcode=8)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


def _mask_fast(data, mask):
    n = len(data)
    key = (mask * (n // 4 + 1))[:n]
    return (int.from_bytes(data, "little") ^ int.from_bytes(key, "little")).to_bytes(n, "little")


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        p = shutil.which(name)
        if p:
            return p
    raise CDPError("no Chromium found on PATH (chromium, chromium-browser, google-chrome)")


class Browser:
    """One headless Chromium and its first page."""

    def __init__(self, width=1280, height=800, binary=None):
        self.profile = tempfile.mkdtemp(prefix="sheli-cdp-")
        self.proc = None
        self.ws = None
        self.events = []
        self.next_id = 0
        args = [
            binary or find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "--no-first-run",
            "--no-default-browser-check", "--hide-scrollbars", "--mute-audio", "--allow-file-access-from-files", "about:blank",
        ]
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            ws_url = self._listening()
            port = int(re.match(r"ws://[^:]+:(\d+)/", ws_url).group(1))
            page = None
            for _ in range(100):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=10) as r:
                    targets = json.loads(r.read())
                page = next((t for t in targets if t.get("type") == "page"), None)
                if page:
                    break
                time.sleep(0.05)
            if not page:
                raise CDPError("no page target")
            self.ws = WebSocket(page["webSocketDebuggerUrl"])
            for domain in ("Runtime", "Log", "Page"):
                self.send(f"{domain}.enable")
        except BaseException:
            self.close()
            raise

    def _listening(self):
        deadline = time.time() + 30
        seen = b""
        fd = self.proc.stderr
        while time.time() < deadline:
            line = fd.readline()
            if not line:
                if self.proc.poll() is not None:
                    raise CDPError(f"Chromium exited ({self.proc.returncode}): {seen.decode(errors='replace')[-2000:]}")
                continue
            seen += line
            m = re.search(rb"DevTools listening on (ws://\S+)", line)
            if m:
                # keep draining stderr so the browser never blocks on a full pipe
                import threading

                threading.Thread(target=lambda: [None for _ in iter(fd.readline, b"")], daemon=True).start()
                return m.group(1).decode()
        raise CDPError("Chromium did not say where DevTools listens")

    # -- messages ---------------------------------------------------------------------------

    def send(self, method, params=None, timeout=60):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params or {}}))
        deadline = time.time() + timeout
        while True:
            if time.time() > deadline:
                raise CDPError(f"{method}: no answer in {timeout} s")
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mid:
                if "error" in msg:
                    raise CDPError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def pump(self, seconds=0.0):
        """Collect events for a while (or just what is waiting)."""
        self.ws.sock.settimeout(max(seconds, 0.001))
        end = time.time() + seconds
        try:
            while True:
                try:
                    msg = json.loads(self.ws.recv())
                except (socket.timeout, TimeoutError):
                    break
                if "method" in msg:
                    self.events.append(msg)
                if time.time() >= end:
                    break
        finally:
            self.ws.sock.settimeout(60)

    def errors(self):
        """Console errors, uncaught exceptions and error log entries seen so far, as text."""
        out = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append("exception: " + (d.get("exception", {}).get("description") or d.get("text", "?")))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                en = p["entry"]
                out.append(f"log: {en.get('text')} {en.get('url', '')}")
        return out

    def eval(self, expr, await_promise=False):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": await_promise})
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise CDPError(f"evaluating {expr[:80]!r}: " + (d.get("exception", {}).get("description") or d.get("text", "")))
        return r.get("result", {}).get("value")

    def wait_for(self, expr, timeout=10, poll=0.05):
        """Polls `expr` until it is truthy; returns its value, or raises after `timeout` s."""
        end = time.time() + timeout
        while True:
            v = self.eval(expr)
            if v:
                return v
            if time.time() > end:
                raise CDPError(f"timed out after {timeout} s waiting for: {expr}")
            time.sleep(poll)

    def navigate(self, url, timeout=30):
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete'", timeout=timeout)

    # -- input ------------------------------------------------------------------------------

    def mouse(self, kind, x, y, button="left", buttons=None, clicks=1):
        if buttons is None:
            buttons = 1 if kind in ("mousePressed", "mouseMoved") and button == "left" and getattr(self, "_down", False) else 0
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button, "buttons": buttons, "clickCount": clicks})

    def click(self, x, y):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "none", "buttons": 0})
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1})
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1})

    def drag(self, x0, y0, x1, y1, steps=8):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0, "y": y0, "button": "none", "buttons": 0})
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y0, "button": "left", "buttons": 1, "clickCount": 1})
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1})
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1, "button": "left", "buttons": 0, "clickCount": 1})

    KEYS = {
        "ArrowRight": (39, "ArrowRight"), "ArrowLeft": (37, "ArrowLeft"), "ArrowUp": (38, "ArrowUp"),
        "ArrowDown": (40, "ArrowDown"), " ": (32, "Space"), "+": (187, "Equal"), "-": (189, "Minus"),
    }

    def key(self, key, shift=False):
        code, name = self.KEYS.get(key, (ord(key.upper()[0]), "Key" + key.upper()))
        mods = 8 if shift else 0
        text = key if len(key) == 1 else ""
        base = {"key": key, "code": name, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code, "modifiers": mods}
        self.send("Input.dispatchKeyEvent", {"type": "rawKeyDown" if not text else "keyDown", "text": text, **base})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **base})

    # -- pictures and sizes -------------------------------------------------------------------

    def screenshot(self, path):
        r = self.send("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))
        return path

    def viewport(self, width, height, mobile=False, scale=1):
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})

    def close(self):
        if self.ws:
            try:
                self.send("Browser.close", timeout=3)
            except Exception:
                pass
            self.ws.close()
            self.ws = None
        if self.proc:
            try:
                self.proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
            self.proc = None
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _selftest():
    """Frames of every size survive the trip (masking, 16- and 64-bit lengths, fragments)."""
    with Browser(400, 300) as b:
        for n in (5, 200, 70000, 300000):
            s = "".join(random.choice("abc中") for _ in range(n))
            assert b.eval(f"({json.dumps(s)}).length") == n
        print("cdp ok")


if __name__ == "__main__":
    _selftest()
