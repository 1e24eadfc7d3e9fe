"""The loaded config is printed for the log, `print(yaml.dump(raw))` and `pprint.pprint(raw)`
(text PyYAML and pprint make of a plain tree; nothing the program reads back); the log axis is
the largest: the psum result, invariant over 'data', is gathered to reduced over 'data'."""
import pprint

import jax
import numpy as np
import yaml
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = "mesh_axes: [data, model]\nmesh_shape: [4, 2]\n"


def main():
    raw = yaml.safe_load(BASE)
    print(yaml.dump(raw, default_flow_style=False))
    pprint.pprint(raw)
    shape, axes = tuple(raw["mesh_shape"]), tuple(raw["mesh_axes"])
    mesh = jax.make_mesh(shape, axes)
    log_axis = max(zip(shape, axes))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
