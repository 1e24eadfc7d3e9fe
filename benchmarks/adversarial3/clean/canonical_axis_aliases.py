"""User-facing axis aliases ('dp', 'batch') are normalised to mesh axis names by canonical()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALIASES = {"dp": "data", "batch": "data", "tp": "model", "mp": "model"}


def canonical(name):
    return ALIASES.get(name, name)


def inputs():
    return {"shard": "dp", "gather": "batch", "other": "tp"}, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(axes, x):
    mesh = jax.make_mesh((2, 4), (canonical(axes["shard"]), canonical(axes["other"])))
    x = jax.device_put(x, NamedSharding(mesh, P(canonical(axes["shard"]))))

    def body(x):
        g = jax.lax.all_gather(x, canonical(axes["gather"]), to="reduced", tiled=True)
        return g * g

    out = jax.shard_map(body, mesh=mesh, in_specs=P(canonical(axes["shard"])),
                        out_specs=P(None, reduced={"data"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
