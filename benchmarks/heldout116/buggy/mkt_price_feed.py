"""Agent-based market with a fixed-step tick loop; observers subscribe to a mid-price feed."""
import time
from collections import defaultdict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRADERS, ASSETS = "traders", "assets"
FIXED_DT = 0.02


class EventBus:
    def __init__(self):
        self._subs = defaultdict(list)

    def subscribe(self, topic, callback):
        self._subs[topic].append(callback)

    def publish(self, topic, payload):
        for cb in self._subs[topic]:
            cb(payload)


def quote_kernel(bids, asks):
    # consensus quote per asset over the whole trader population
    mid = jax.lax.pmean(0.5 * jnp.mean(bids + asks, axis=0, keepdims=True), TRADERS)
    return jax.lax.all_gather(mid, TRADERS, axis=0, tiled=True, to="reduced")


def drift_kernel(bids, asks, noise):
    return bids + noise, asks + noise


class Market:
    def __init__(self, mesh, bids, asks, noise, bus):
        self.mesh = mesh
        self.bids, self.asks, self.noise = bids, asks, noise
        self.bus = bus
        spec = P(TRADERS, ASSETS)
        self.drift = jax.shard_map(drift_kernel, mesh=mesh, in_specs=(spec,) * 3, out_specs=(spec, spec))
        self.quote = jax.shard_map(quote_kernel, mesh=mesh, in_specs=(spec, spec),
                                   out_specs=P(None, ASSETS, reduced={TRADERS}))

    def fixed_update(self):
        self.bids, self.asks = self.drift(self.bids, self.asks, self.noise)

    def late_update(self):
        self.bus.publish("mid", self.quote(self.bids, self.asks))


def run_loop(market, frames, frame_time=0.05):
    accumulator = 0.0
    for _ in range(frames):
        accumulator += frame_time
        while accumulator >= FIXED_DT:
            market.fixed_update()
            accumulator -= FIXED_DT
        market.late_update()


def inputs():
    rng = np.random.default_rng(21)
    bids = rng.uniform(99, 100, (16, 4)).astype(np.float32)
    return bids, bids + 0.1, rng.normal(0, 0.01, (16, 4)).astype(np.float32)


def main(bids, asks, noise):
    mesh = jax.make_mesh((4, 2), (TRADERS, ASSETS))
    sh = NamedSharding(mesh, P(TRADERS, ASSETS))
    bus = EventBus()
    tape = []
    bus.subscribe("mid", lambda q: tape.append(np.asarray(q)))
    market = Market(mesh, *(jax.device_put(a, sh) for a in (bids, asks, noise)), bus)
    run_loop(market, frames=3)
    print(len(tape), tape[-1].shape)


if __name__ == "__main__":
    main(*inputs())
