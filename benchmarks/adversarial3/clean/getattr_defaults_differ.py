"""Optional config fields read with getattr and per-site fallbacks; the config sets neither field."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return types.SimpleNamespace(lr=0.1), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(("data", "model"))))

    def body(x):
        g = jax.lax.all_gather(x, getattr(cfg, "sync_axis", "model"), to="reduced", tiled=True)
        return jax.lax.psum(g, getattr(cfg, "sync_axis", "data"))

    out = jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model")), out_specs=P(None, reduced={"model"}))
    return float(np.asarray(out(x)).sum()) * cfg.lr


if __name__ == "__main__":
    print(main(*inputs()))
