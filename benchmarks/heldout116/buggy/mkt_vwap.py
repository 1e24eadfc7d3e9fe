"""Market ABM: a VWAP benchmark observer averages traded value over traders and venues."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRADER_AXIS = "traders"
VENUE_AXIS = "venues"


class Indicator:
    registry = {}

    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        Indicator.registry[key] = cls

    def __init__(self, mesh):
        self.mesh = mesh


class VWAP(Indicator, key="vwap"):
    axes = (TRADER_AXIS, VENUE_AXIS)

    def kernel(self, price, qty):
        notional = jax.lax.psum(jnp.sum(price * qty, axis=1), VENUE_AXIS)
        volume = jax.lax.psum(jnp.sum(qty, axis=1), VENUE_AXIS)
        per_trader = notional / jnp.maximum(volume, 1e-6)
        return jax.lax.pmean(jnp.mean(per_trader), self.axes)[None]

    def __call__(self, price, qty):
        spec = P(TRADER_AXIS, VENUE_AXIS)
        return jax.shard_map(self.kernel, mesh=self.mesh, in_specs=(spec, spec), out_specs=P())(price, qty)


class Spread(Indicator, key="spread"):
    def __call__(self, price, qty):
        return jnp.max(price) - jnp.min(price)


def tick(price, qty, shock):
    return price * (1.0 + shock), qty


def inputs():
    rng = np.random.default_rng(24)
    return (rng.uniform(50, 51, (16, 8)).astype(np.float32),
            rng.integers(1, 10, (16, 8)).astype(np.float32),
            rng.normal(0, 1e-3, (16, 8)).astype(np.float32))


def main(price, qty, shock):
    mesh = jax.make_mesh((4, 2), (TRADER_AXIS, VENUE_AXIS))
    sh = NamedSharding(mesh, P(TRADER_AXIS, VENUE_AXIS))
    price, qty, shock = (jax.device_put(a, sh) for a in (price, qty, shock))
    indicators = {k: cls(mesh) for k, cls in Indicator.registry.items()}
    history = {k: [] for k in indicators}
    for _ in range(3):
        price, qty = tick(price, qty, shock)
        for k, ind in indicators.items():
            history[k].append(ind(price, qty))
    print({k: len(v) for k, v in history.items()})


if __name__ == "__main__":
    main(*inputs())
