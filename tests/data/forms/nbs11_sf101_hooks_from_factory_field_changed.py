import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

TRAIN_CONFIG = {"hooks": [{"name": "blank_rate", "axis": "i"}]}


class BlankRateHook:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, probs):
        per_token = jnp.sum(probs, axis=0)
        return jax.lax.all_gather(per_token, self.axis, tiled=True, to="reduced")  # none


HOOK_TYPES = {"blank_rate": BlankRateHook}


def build_hooks(config):
    return [HOOK_TYPES[h["name"]](h["axis"]) for h in config["hooks"]]


def train_step(logits, hooks):
    return [hook(logits) for hook in hooks]


def main(mesh, x):
    hooks = build_hooks(TRAIN_CONFIG)
    for hook in hooks:
        hook.axis = "j"
    outs = [P(None, reduced={"j"}) for _ in hooks]
    return jax.shard_map(lambda v: train_step(v, hooks), mesh=mesh, in_specs=P(None, "j"), out_specs=outs)(x)
