"""A config matched with a mapping pattern whose guard holds: both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def axes_of(cfg):
    match cfg:
        case {"kind": "tp", "axes": [str(a), str(b)]} if a != b:
            return (a, b)
        case {"kind": "tp", "axes": [first, *_]}:
            return (first,)
        case {"kind": kind, **rest}:
            return tuple(rest.get("axes", ()))
    raise ValueError(cfg)


def main():
    return run(axes_of({"kind": "tp", "axes": ["i", "j"]}))


if __name__ == "__main__":
    main()
