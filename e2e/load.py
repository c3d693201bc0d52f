"""Throughput of `grundy serve` on loopback: 16 threads, each sending 500 analyze requests
over one keep-alive connection, every answer checked for status 200.

Usage: grundy serve --port 18434 &  python3 e2e/load.py [PORT]
"""
import http.client, json, threading, time, sys

PORT = int(sys.argv[1]) if len(sys.argv) > 1 else 18434
N_THREADS, EACH = 16, 500
bad = [0]
def worker(t):
    c = http.client.HTTPConnection("127.0.0.1", PORT)
    for i in range(EACH):
        body = json.dumps({"game": "kayles", "position": f"{(t*EACH+i)%500+1} 17 40"})
        c.request("POST", "/api/analyze", body, {"Content-Type": "application/json"})
        r = c.getresponse(); data = r.read()
        if r.status != 200: bad[0] += 1
start = time.time()
ts = [threading.Thread(target=worker, args=(t,)) for t in range(N_THREADS)]
[t.start() for t in ts]; [t.join() for t in ts]
el = time.time() - start
print(f"{N_THREADS*EACH} requests, {bad[0]} not 200, {el:.2f} s, {N_THREADS*EACH/el:.0f} requests/s")
