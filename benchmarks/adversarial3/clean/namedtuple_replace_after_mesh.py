"""Layout NamedTuple: the replicated-params variant is made with _replace after the mesh is built."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(NamedTuple):
    batch: str
    params: str


def inputs():
    return Layout("data", "model"), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(layout, p):
    mesh = jax.make_mesh((2, 4), tuple(layout))
    p = jax.device_put(p, NamedSharding(mesh, P(layout.batch)))
    layout = layout._replace(params=layout.batch)

    def body(p):
        return jnp.abs(jax.lax.all_gather(p, layout.params, to="reduced", tiled=True))

    out = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(None, reduced={"data"}))(p)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
