"""A reduced weight used only with itself and unary ops, then returned with reduced= declared."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardCfg:
    def __init__(self, axis):
        self.axis = axis


def inputs():
    return ShardCfg("shards"), np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)


def main(cfg, w):
    mesh = jax.make_mesh((8,), (cfg.axis,))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg.axis)))

    def body(w):
        full = jax.lax.all_gather(w, cfg.axis, to="reduced", tiled=True)
        gram = full * full + jnp.tanh(full)
        return jnp.exp(gram).astype(jnp.float32)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(cfg.axis), out_specs=P(None, reduced={cfg.axis}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
