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


class AdamState(NamedTuple):
    mu: jax.Array
    nu: jax.Array


@register_optimizer("adamw")
def adamw(args):
    def init(params):
        return AdamState(mu=jnp.zeros_like(params), nu=jnp.zeros_like(params))

    def update(grads, state):
        return grads * args.learning_rate, state
    return GradientTransformation(init, update)


def save_optimizer_state(state, args):
    return {name: top_level_all_gather(value, P(None, args.tensor_axis, reduced={args.fsdp_axis}))
            for name, value in state._asdict().items()}


def main(params):
    args = OptimizerArguments()
    mesh = jax.make_mesh((2, 4), (args.fsdp_axis, args.tensor_axis))
    tx = create_optimizer(args)
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, NamedSharding(mesh, P(args.fsdp_axis, args.tensor_axis)))
        state = tx.init(placed)
        return save_optimizer_state(state, args)


def inputs():
    return (np.linspace(-1.0, 1.0, 128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    main(*inputs())
