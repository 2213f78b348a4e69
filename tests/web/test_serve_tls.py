"""``mjscore serve --certfile --keyfile``: the app over https (browsers keep the offline copy and
install the app only over https or on loopback), the session cookie then marked Secure; a certificate
that is missing, alone or not one is refused in one line before anything listens."""

from __future__ import annotations

import http.client
import json
import os
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import trustme

BIN = Path(sys.executable).parent
#: A bound, not a timing: the server must start well within it.
START_SECONDS = 60
PASSPHRASE = "red dragon pung"


def _environment(tmp_path: Path) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("MJSCORE_")}
    environment["MJSCORE_DATABASE_URL"] = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return environment


def test_serve_over_https(tmp_path: Path) -> None:
    authority = trustme.CA()
    certificate = authority.issue_cert("127.0.0.1", "localhost")
    certfile, keyfile = tmp_path / "cert.pem", tmp_path / "key.pem"
    certificate.cert_chain_pems[0].write_to_path(str(certfile))
    certificate.private_key_pem.write_to_path(str(keyfile))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        server = subprocess.Popen([str(BIN / "mjscore"), "serve", "--port", str(port), "--passphrase", PASSPHRASE,
                                   "--certfile", str(certfile), "--keyfile", str(keyfile)],
                                  env=_environment(tmp_path), stdout=output, stderr=subprocess.STDOUT)
    trusted = ssl.create_default_context()
    authority.configure_trust(trusted)
    try:
        deadline = time.monotonic() + START_SECONDS
        while "mjscore is serving on" not in log.read_text():
            assert server.poll() is None, f"serve stopped: {log.read_text()}"
            assert time.monotonic() < deadline, f"serve did not start within {START_SECONDS} s"
            time.sleep(0.2)
        lines = log.read_text().splitlines()
        assert lines[:3] == ["ledger: every record checks (0 tables)",
                             f"mjscore is serving on https://127.0.0.1:{port}/ (Ctrl+C to stop)",
                             f"join from a phone: https://127.0.0.1:{port}/join#red%20dragon%20pung"]
        phone = http.client.HTTPSConnection("127.0.0.1", port, context=trusted, timeout=START_SECONDS)
        phone.request("GET", "/sw.js")
        worker = phone.getresponse()
        assert worker.status == 200 and "javascript" in worker.headers["content-type"]
        worker.read()
        phone.request("POST", "/api/session", json.dumps({"passphrase": PASSPHRASE, "device": "phone"}),
                      {"Content-Type": "application/json"})
        joined = phone.getresponse()
        assert joined.status == 200
        assert "secure" in joined.headers["set-cookie"].lower().split("; ")
        phone.close()
    finally:
        server.kill()
        server.wait()


def test_a_certificate_that_is_not_one_is_refused_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    for arguments, message in [
        (["--certfile", str(junk)], "error: --certfile and --keyfile go together: give the certificate and its "
                                    "private key\n"),
        (["--certfile", str(tmp_path / "none.pem"), "--keyfile", str(junk)], f"error: no such file: {tmp_path / 'none.pem'}\n"),
    ]:
        result = subprocess.run([str(BIN / "mjscore"), "serve", "--port", "9", *arguments], env=_environment(tmp_path),
                                capture_output=True, text=True, timeout=START_SECONDS)
        assert (result.returncode, result.stderr) == (2, message)
    result = subprocess.run([str(BIN / "mjscore"), "serve", "--certfile", str(junk), "--keyfile", str(junk)],
                            env=_environment(tmp_path), capture_output=True, text=True, timeout=START_SECONDS)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: --certfile {junk} with --keyfile {junk}: not a certificate and its key")
