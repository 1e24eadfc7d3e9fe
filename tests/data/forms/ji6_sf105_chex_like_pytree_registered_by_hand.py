import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pytree_dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    jax.tree_util.register_pytree_node(
        cls, lambda obj: ([getattr(obj, n) for n in names], None), lambda _, children: cls(*children))
    return cls


@pytree_dataclass
class Layout:
    rows: str = "data"
    cols: object = None


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    layout = Layout()
    spec = P(layout.rows, layout.cols)

    def body(b):
        return jax.lax.psum(jnp.sum(b), ("data", "model"))  # SF105

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    main()
