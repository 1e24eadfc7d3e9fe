import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

TRAIN_CONFIG = {"hooks": [{"name": "blank_rate", "axis": "i"}]}


class BlankRateHook:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, probs):
        per_token = jax.lax.psum(jnp.sum(probs, axis=0), self.axis)
        return jax.lax.all_gather(per_token, self.axis, tiled=True, to="reduced")  # SF101


HOOK_TYPES = {"blank_rate": BlankRateHook}


def build_hooks(config):
    return [HOOK_TYPES[h["name"]](h["axis"]) for h in config["hooks"]]


def train_step(logits, hooks):
    probs = jax.nn.softmax(logits, axis=-1)
    return [hook(probs) for hook in hooks]


def main(mesh, x):
    hooks = build_hooks(TRAIN_CONFIG)
    outs = [P("j", reduced={h.axis}) for h in hooks]
    return jax.shard_map(lambda v: train_step(v, hooks), mesh=mesh, in_specs=P("i", "j"), out_specs=outs)(x)
