"""FVA funding profile: trade-level EE gathered across the book and discounted on the OIS curve."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BOOK = "trades"


def discount_factors(curve, times):
    return jnp.exp(-jnp.interp(times, curve[0], curve[1]) * times)


def apply_discount(ee, df):
    return ee * df[:, None]


def funding_profile(ee_local, curve, times, spread=0.005):
    ee_book = jax.lax.all_gather(ee_local, BOOK, axis=1, tiled=True, to="reduced")
    df = discount_factors(curve, times)
    return apply_discount(ee_book, df)


def inputs():
    rng = np.random.default_rng(113)
    curve = np.stack([np.array([0.0, 1.0, 2.0, 5.0]), np.array([0.02, 0.022, 0.025, 0.03])]).astype(np.float32)
    return (rng.uniform(size=(6, 8)).astype(np.float32), curve, np.linspace(0.25, 3.0, 6, dtype=np.float32))


def main(ee, curve, times):
    mesh = jax.make_mesh((4, 2), ("paths", BOOK))
    ee = jax.device_put(ee, NamedSharding(mesh, P(None, BOOK)))
    curve = jax.device_put(curve, NamedSharding(mesh, P()))
    times = jax.device_put(times, NamedSharding(mesh, P()))
    fn = jax.shard_map(funding_profile, mesh=mesh, in_specs=(P(None, BOOK), P(), P()),
                       out_specs=P(None, None, reduced={BOOK}))
    return fn(ee, curve, times)


if __name__ == "__main__":
    print(main(*inputs()))
