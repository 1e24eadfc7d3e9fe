"""Data quality: completeness table for the shipments feed (taskflow-style DAG).

Shipments are sharded over `part`. The completeness of each partition is gathered (reduced)
into a table, smoothed with its own copy, and published as-is.
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


PART = "part"


@task(multiple_outputs=True)
def shipments(n):
    mesh = jax.make_mesh((8,), (PART,))
    filled = (jnp.arange(n) % 3 != 0).astype(jnp.float32)
    return {"mesh": mesh, "filled": jax.device_put(filled, NamedSharding(mesh, P(PART)))}


@task
def completeness(mesh, filled):
    def body(f):
        frac = jnp.mean(f, keepdims=True)
        table = jax.lax.all_gather(frac, PART, axis=0, tiled=True, to="reduced")
        return jnp.tanh(table + table)

    return np.asarray(jax.shard_map(body, mesh=mesh, in_specs=P(PART),
                                    out_specs=P(None, reduced={PART}))(filled))


@dag(dag_id="shipments_completeness", params={"n": 64})
def shipments_completeness():
    s = shipments("{{ params.n }}")
    completeness(s["mesh"], s["filled"])


def inputs():
    return ({"n": 80},)


def main(conf):
    return shipments_completeness(conf)["completeness"]


if __name__ == "__main__":
    main(*inputs())
