"""A pipeline config whose rotate() method advances the stage axis; the body rotates between collectives."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class StageConfig:
    def __init__(self, order):
        self.order = list(order)
        self.axis = self.order[0]

    def rotate(self):
        self.order = self.order[1:] + self.order[:1]
        self.axis = self.order[0]


def inputs():
    return StageConfig(["data", "model"]), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg, x):
    mesh = jax.make_mesh((2, 4), tuple(cfg.order))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.axis, "model")))

    def body(x):
        g = jax.lax.all_gather(x, cfg.axis, to="reduced", tiled=True)
        cfg.rotate()
        return jax.lax.psum(g, cfg.axis)

    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
