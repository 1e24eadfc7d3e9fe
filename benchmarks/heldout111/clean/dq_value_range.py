"""Data quality: per-column value-range check across all partitions (taskflow-style DAG).

Rows are sharded over `part`, columns over `col`. Each device computes its local range score,
which varies over both axes, and the score is averaged over the whole mesh.
"""
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- taskflow-style decorators (pasted from `flowlite.taskflow`; runs a DAG in-process) ----
class XComArg:
    def __init__(self, call):
        self.call = call

    def __getitem__(self, key):  # like XComArg["key"] on a multiple_outputs task
        return XComArg(("getitem", self, key))


class _DagRun:
    current = None

    def __init__(self, params):
        self.params, self.calls = params, []


def task(fn=None, *, task_id=None, multiple_outputs=False):
    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            run = _DagRun.current
            node = ("task", task_id or f.__name__, f, args, kwargs)
            run.calls.append(node)
            return XComArg(node)
        call.function = f
        return call
    return wrap(fn) if fn is not None else wrap


def dag(dag_id=None, params=None, schedule=None, catchup=False):
    def wrap(build):
        def run(conf=None, logical_date="2026-12-01"):
            merged = {**(params or {}), **(conf or {})}
            _DagRun.current = dr = _DagRun(merged)
            build()
            _DagRun.current = None
            xcom = {}

            def resolve(v):
                if isinstance(v, XComArg):
                    if v.call[0] == "getitem":
                        return resolve(v.call[1])[v.call[2]]
                    return xcom[id(v.call)]
                if isinstance(v, str) and v.startswith("{{") and v.endswith("}}"):
                    name = v[2:-2].strip()
                    return merged[name[len("params."):]] if name.startswith("params.") else logical_date
                return v

            for node in dr.calls:
                _, tid, f, args, kwargs = node
                xcom[id(node)] = f(*[resolve(a) for a in args], **{k: resolve(v) for k, v in kwargs.items()})
                xcom[tid] = xcom[id(node)]
            return xcom
        run.dag_id = dag_id or build.__name__
        return run
    return wrap
# ---- end taskflow ----


AXES = ("part", "col")


@task(multiple_outputs=True)
def table(n):
    mesh = jax.make_mesh((4, 2), AXES)
    x = jnp.tanh(jnp.arange(n * 4, dtype=jnp.float32).reshape(n, 4) / 9.0)
    return {"mesh": mesh, "x": jax.device_put(x, NamedSharding(mesh, P(*AXES)))}


@task
def range_score(mesh, x, lo, hi):
    def body(block):
        inside = jnp.logical_and(block >= lo, block <= hi).astype(jnp.float32)
        local = jnp.mean(inside)
        return jax.lax.pmean(local, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P(*AXES), out_specs=P())(x)


@dag(dag_id="value_range_check", params={"n": 32, "lo": -0.9, "hi": 0.9})
def value_range_check():
    t = table("{{ params.n }}")
    range_score(t["mesh"], t["x"], "{{ params.lo }}", "{{ params.hi }}")


def inputs():
    return ({"hi": 0.95},)


def main(conf):
    return value_range_check(conf)["range_score"]


if __name__ == "__main__":
    main(*inputs())
