"""Hand the optimiser's target weights to the execution service."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LOGICAL = {"names": ("book", "name"), "exec_names": "name"}


def logical(*names):
    return P(*(LOGICAL[n] for n in names))


def solve(mu, sig2, risk_aversion):
    w = mu / (risk_aversion * sig2)
    return w / jnp.abs(w).sum()


def to_execution(w):
    return top_level_all_gather(w, P(LOGICAL["exec_names"], reduced={"book"}))


def inputs():
    rng = np.random.default_rng(504)
    return ((0.05 * rng.standard_normal((64,))).astype(np.float32),
            (0.04 + 0.02 * rng.random((64,))).astype(np.float32))


def main(mu, sig2):
    mesh = jax.make_mesh((2, 4), ("book", "name"))
    with jax.set_mesh(mesh):
        lay = NamedSharding(mesh, logical("names"))
        w = jax.jit(solve, static_argnums=2, out_shardings=lay)(jax.device_put(mu, lay),
                                                                jax.device_put(sig2, lay), 4.0)
        target = to_execution(w)
    print("target", target.shape)
    return target


if __name__ == "__main__":
    main(*inputs())
