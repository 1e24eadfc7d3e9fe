"""SUMMA-style matmul: the A panel of each step is shared along the process row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = {"row": "row", "col": "col"}
PANEL = 2


def panel(a_block, k):
    return a_block[:, k * PANEL:(k + 1) * PANEL]


def broadcast_panel(a_block, k):
    p = jax.lax.all_gather(panel(a_block, k), GRID["col"], axis=1, to="reduced", tiled=True)
    return jax.lax.psum(p, GRID["col"])


def summa(a_block, b_block):
    c = jnp.zeros((a_block.shape[0], b_block.shape[1]), a_block.dtype)
    steps = a_block.shape[1] // PANEL
    for k in range(steps):
        a_panel = broadcast_panel(a_block, k)
        c = c + a_panel @ b_block[:a_panel.shape[1]]
    return c


def main(a, b):
    mesh = jax.make_mesh((2, 4), (GRID["row"], GRID["col"]))
    spec = P(GRID["row"], GRID["col"])
    a, b = (jax.device_put(x, NamedSharding(mesh, spec)) for x in (a, b))
    f = jax.shard_map(summa, mesh=mesh, in_specs=(spec, spec), out_specs=spec)
    return jax.jit(f)(a, b)


def inputs():
    rng = np.random.default_rng(62)
    return (rng.standard_normal((16, 16)).astype(np.float32),
            rng.standard_normal((16, 16)).astype(np.float32))
