"""Streaming RNN-T training: a step hook that tracks the blank-emission rate per vocab shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_CONFIG = {
    "mesh": {"data": 2, "model": 4},
    "blank_id": 0,
    "hooks": [{"name": "blank_rate", "axis": "data"}],
}


class BlankRateHook:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, probs):
        per_token = jax.lax.psum(jnp.sum(probs, axis=0), self.axis)
        return jax.lax.all_gather(per_token, self.axis, tiled=True, to="reduced")


HOOK_TYPES = {"blank_rate": BlankRateHook}


def build_hooks(config):
    return [HOOK_TYPES[h["name"]](h["axis"]) for h in config["hooks"]]


def train_step(logits, hooks):
    probs = jax.nn.softmax(logits, axis=-1)
    return [hook(probs) for hook in hooks]


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits, config=TRAIN_CONFIG):
    mesh = jax.make_mesh(tuple(config["mesh"].values()), tuple(config["mesh"]))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "model")))
    hooks = build_hooks(config)
    outs = [P("model", reduced={h.axis}) for h in hooks]
    return jax.shard_map(lambda x: train_step(x, hooks), mesh=mesh,
                         in_specs=P("data", "model"), out_specs=outs)(logits)


if __name__ == "__main__":
    print(main(*inputs()))
