"""Write the reference FID statistics (mean activations) computed on a sharded dataset."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURE_SPEC = P("data", "feat")
EXPORT_SPEC = P(None, "feat", reduced={"data"})


@contextlib.contextmanager
def evaluation_mesh(mesh):
    with mesh:
        yield mesh


def reference_activations(mesh, n=16, dim=8):
    acts = np.cos(np.arange(n * dim, dtype=np.float32)).reshape(n, dim)
    return jax.device_put(acts, NamedSharding(mesh, FEATURE_SPEC))


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    with evaluation_mesh(mesh):
        acts = reference_activations(mesh)
        gathered = top_level_all_gather(acts, EXPORT_SPEC)
    return gathered


if __name__ == "__main__":
    main(*inputs())
