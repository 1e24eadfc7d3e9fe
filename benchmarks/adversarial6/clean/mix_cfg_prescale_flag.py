"""The factory scales by an np constant before the reduced gather when cfg['pre_scale'] is set (main sets it in place), after it otherwise."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"scale": np.sqrt(np.float32(2.0)), "pre_scale": False}


def make_step(mesh, cfg):
    def body(block):
        if cfg["pre_scale"]:
            block = block * cfg["scale"]
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        if not cfg["pre_scale"]:
            r = r * cfg["scale"]
        return r
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    TRAIN["pre_scale"] = True
    return make_step(mesh, TRAIN)(x)


if __name__ == "__main__":
    print(main(*inputs()))
