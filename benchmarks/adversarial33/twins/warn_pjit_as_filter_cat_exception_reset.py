"""`from jax.experimental.pjit import pjit as legacy_jit` under warnings.filterwarnings("error", category=DeprecationWarning) raises DeprecationWarning on jax 0.10.2: the handler picks the axes (except Exception, reset)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import warnings


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    warnings.filterwarnings("error", category=DeprecationWarning)
    try:
        from jax.experimental.pjit import pjit as legacy_jit
        axes = ("i", "j")
    except Exception:
        axes = ("i", "j")
    finally:
        warnings.resetwarnings()
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
