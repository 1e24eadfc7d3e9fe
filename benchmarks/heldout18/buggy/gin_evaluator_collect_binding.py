"""T5X-style evaluator configured through a hand-written gin-like registry of bindings."""
import ast
import functools
import inspect

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = {}
CONFIG = """
Evaluator.metric_axis = 'data'
Evaluator.collect_to = 'reduced'
"""


def parse_config(text):
    for line in text.strip().splitlines():
        key, value = (s.strip() for s in line.split("=", 1))
        BINDINGS[key] = ast.literal_eval(value)


def configurable(cls):
    params = inspect.signature(cls.__init__).parameters
    bound = {p: BINDINGS[f"{cls.__name__}.{p}"] for p in params if f"{cls.__name__}.{p}" in BINDINGS}
    cls.__init__ = functools.partialmethod(cls.__init__, **bound)
    return cls


parse_config(CONFIG)
mesh = jax.make_mesh((4, 2), ("data", "model"))


@configurable
class Evaluator:
    def __init__(self, metric_axis="batch", collect_to="varying"):
        self.metric_axis = metric_axis
        self.collect_to = collect_to

    def __call__(self, logits, labels):
        correct = jnp.sum(jnp.argmax(logits, -1) == labels).astype(jnp.float32)
        total = jax.lax.psum(correct, self.metric_axis)
        return jax.lax.all_gather(total, self.metric_axis, to=self.collect_to)


def inputs():
    logits = jnp.sin(jnp.arange(32 * 5, dtype=jnp.float32)).reshape(32, 5)
    labels = jnp.arange(32) % 5
    return (jax.device_put(logits, NamedSharding(mesh, P("data"))),
            jax.device_put(labels, NamedSharding(mesh, P("data"))))


def main(logits, labels):
    ev = Evaluator()
    return jax.shard_map(ev, mesh=mesh, in_specs=(P("data"), P("data")),
                         out_specs=P(reduced={"data"}))(logits, labels)
