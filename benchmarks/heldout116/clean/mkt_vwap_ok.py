"""Market ABM: VWAP benchmark averaged over the trader shards after the venue totals."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRADERS, VENUES = "traders", "venues"


class Indicator:
    registry = {}

    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        Indicator.registry[key] = cls


class VWAP(Indicator, key="vwap"):
    def __init__(self, mesh):
        spec = P(TRADERS, VENUES)
        self.fn = jax.shard_map(self.kernel, mesh=mesh, in_specs=(spec, spec), out_specs=P())

    @staticmethod
    def kernel(price, qty):
        notional = jax.lax.psum(jnp.sum(price * qty, axis=1), VENUES)
        volume = jax.lax.psum(jnp.sum(qty, axis=1), VENUES)
        return jax.lax.pmean(jnp.mean(notional / jnp.maximum(volume, 1e-6)), TRADERS)[None]

    def __call__(self, price, qty):
        return self.fn(price, qty)


def inputs():
    rng = np.random.default_rng(24)
    return rng.uniform(50, 51, (16, 8)).astype(np.float32), rng.integers(1, 10, (16, 8)).astype(np.float32)


def main(price, qty):
    mesh = jax.make_mesh((4, 2), (TRADERS, VENUES))
    sh = NamedSharding(mesh, P(TRADERS, VENUES))
    price, qty = jax.device_put(price, sh), jax.device_put(qty, sh)
    indicators = {k: cls(mesh) for k, cls in Indicator.registry.items()}
    hist = []
    for _ in range(3):
        price = price * 1.001
        hist.append({k: float(ind(price, qty)[0]) for k, ind in indicators.items()})
    print(hist[-1])


if __name__ == "__main__":
    main(*inputs())
