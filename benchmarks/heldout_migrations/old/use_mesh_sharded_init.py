import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, use_mesh
from jax.experimental.shard import reshard


def init(mesh):
    with use_mesh(mesh):
        w = reshard(jnp.arange(32, dtype=jnp.float32).reshape(8, 4) / 4.0, P("fsdp", None))
        return w, jax.jit(lambda w: jnp.sum(w * w))(w)


def main():
    mesh = jax.make_mesh((8,), ("fsdp",), axis_types=(AxisType.Explicit,))
    w, tr = init(mesh)
    print(tuple(w.sharding.spec), float(tr))


if __name__ == "__main__":
    main()
