"""Mean-reversion half-life of pair spreads on the full date history (research_utils)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- research_utils.sharding / stats (vendored) -------------------------------------------


def full_history(x, axis="dates"):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


def demean(x, axis=0):
    return x - jnp.mean(x, axis=axis, keepdims=True)

# ---- research -----------------------------------------------------------------------------


def half_life(spread):
    hist = full_history(spread)
    s = demean(hist)
    lag, d = s[:-1], s[1:] - s[:-1]
    phi = (lag * d).sum(axis=0) / ((lag * lag).sum(axis=0) + 1e-9)
    return -jnp.log(2.0) / jnp.minimum(phi, -1e-6)


def inputs():
    rng = np.random.default_rng(606)
    s = np.zeros((16, 32), np.float32)
    for t in range(1, 16):
        s[t] = 0.8 * s[t - 1] + rng.standard_normal(32)
    return (s,)


def main(spread):
    mesh = jax.make_mesh((2, 4), ("dates", "names"))
    spread = jax.device_put(spread, NamedSharding(mesh, P("dates", "names")))
    hl = jax.shard_map(half_life, mesh=mesh, in_specs=P("dates", "names"), out_specs=P("names"))(spread)
    print("half-life", hl.shape)
    return hl


if __name__ == "__main__":
    main(*inputs())
