"""An input reassigned in `for t in reversed(range(T))` by a helper whose arithmetic reads items of
a 1-D NumPy schedule (`BETAS[t]`, `np.sqrt(1.0 - BETAS[t])`): host numbers, so the layout stays."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

T = 4
BETAS = np.linspace(1e-4, 0.02, T).astype(np.float32)


def reverse_step(x, t):
    return (x - BETAS[t] * x) / np.sqrt(1.0 - BETAS[t])


def main(mesh, x):
    with jax.set_mesh(mesh):
        x = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
        for t in reversed(range(T)):
            x = reverse_step(x, t)
        return top_level_all_gather(x, P("j", None, reduced={"i"}))  # SF104
