"""A taskflow-like runner records each task call as a node and keys its result by the node's
identity (`xcom[id(node)]`); a later task's argument is resolved through the same id: the export
task gets the config task's axes, ('i', 'j'), and psums over both a value summed over 'i'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CALLS = []


class XComArg:
    def __init__(self, node):
        self.node = node


def task(fn):
    def call(*args):
        node = ("task", fn, args)
        CALLS.append(node)
        return XComArg(node)
    return call


def run_dag(build):
    build()
    xcom = {}

    def resolve(value):
        return xcom.get(id(value.node)) if isinstance(value, XComArg) else value

    for node in CALLS:
        _, fn, args = node
        xcom[id(node)] = fn(*[resolve(a) for a in args])
    return xcom


MESH = jax.make_mesh((2, 4), ("i", "j"))


@task
def config():
    return ("i", "j")


@task
def export(axes):
    axes = axes or "j"
    table = jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(MESH, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(table)


def build():
    export(config())


def main():
    return run_dag(build)


if __name__ == "__main__":
    main()
