"""UNet up-block: skip features gathered over channels and merged with the 1/sqrt(2) skip scaling."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BLOCKS = {}


def register_block(name):
    def deco(cls):
        BLOCKS[name] = cls
        cls.name = name
        return cls
    return deco


@register_block("UpBlock2D")
class UpBlock2D:
    channel_axis = "model"
    skip_scale = 1 / math.sqrt(2)

    def gather_skip(self, skip):
        return jax.lax.all_gather(skip, self.channel_axis, axis=-1, tiled=True, to="reduced")

    def __call__(self, h, skip):
        s = self.gather_skip(skip)
        merged = s * self.skip_scale
        return h, merged


def inputs():
    rng = np.random.default_rng(37)
    return rng.standard_normal((4, 6, 8), dtype=np.float32), rng.standard_normal((4, 6, 8), dtype=np.float32)


def main(h, skip):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", None, "model")
    h, skip = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (h, skip))
    block = BLOCKS["UpBlock2D"]()
    out, merged = jax.shard_map(block, mesh=mesh, in_specs=(spec, spec),
                                out_specs=(spec, P("data", None, None, reduced={"model"})))(h, skip)
    print(merged.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
