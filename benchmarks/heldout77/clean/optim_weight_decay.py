import collections
import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class OptimizerArguments:
    optim: str = "adamw"
    learning_rate: float = 1e-3
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    gradient_accumulation_steps: int = 1
    fsdp_axis: str = "fsdp"
    tensor_axis: str = "tp"

    @classmethod
    def from_kwargs(cls, **kwargs):
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in kwargs.items() if k in names})


class GradientTransformation(NamedTuple):
    init: callable
    update: callable


OPTIMIZER_MAPPING = collections.OrderedDict()


def register_optimizer(name):
    def wrap(factory):
        OPTIMIZER_MAPPING[name] = factory
        return factory
    return wrap


def create_optimizer(args):
    return OPTIMIZER_MAPPING[args.optim](args)


def sharded_step(args, fn, out_specs):
    mesh = jax.make_mesh((2, 4), (args.fsdp_axis, args.tensor_axis))
    spec = P(args.fsdp_axis, args.tensor_axis)

    def run(grads):
        grads = jax.device_put(grads, NamedSharding(mesh, spec))
        return jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=out_specs)(grads)
    return run


@register_optimizer("adamw_decoupled")
def decoupled_weight_decay(args):
    def update(grads, state):
        params = jax.lax.all_gather(grads, args.tensor_axis, axis=1, tiled=True, to="invarying")
        if args.weight_decay == 0.0:
            return params
        return params - args.learning_rate * args.weight_decay * params
    return GradientTransformation(init=lambda g: None, update=update)


def main(grads):
    args = OptimizerArguments.from_kwargs(optim="adamw_decoupled", weight_decay=0.01)
    tx = create_optimizer(args)
    step = sharded_step(args, lambda g: tx.update(g, None), P(args.fsdp_axis, None))
    return step(grads)


def inputs():
    return (np.linspace(-1.0, 1.0, 128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    main(*inputs())
