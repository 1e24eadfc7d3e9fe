"""Data quality: per-account balance view for the finance dashboard (taskflow-style DAG).

The balances are sharded by account over `part` and by currency over `col`; the dashboard wants
full currency rows per account shard, gathered under the context mesh.
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
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((4, 2), ("part", "col"))
VIEWS = {"stored": P("part", "col"), "dashboard": P("part", None, reduced={"col"})}


@task
def balances(n):
    b = jnp.round(jnp.arange(n * 4, dtype=jnp.float32).reshape(n, 4) * 0.37, 2)
    return jax.device_put(b, NamedSharding(MESH, VIEWS["stored"]))


@task
def dashboard_view(b, view):
    with jax.set_mesh(MESH):
        rows = top_level_all_gather(b, VIEWS[view])
        totals = jax.reshard(rows, P("part", None)).sum(axis=1)
    return {"rows": np.asarray(rows), "totals": np.asarray(totals)}


@task
def negative_accounts(view):
    return int((view["totals"] < 0).sum())


@dag(dag_id="finance_balances", params={"n": 16, "view": "dashboard"})
def finance_balances():
    negative_accounts(dashboard_view(balances("{{ params.n }}"), "{{ params.view }}"))


def inputs():
    return ({"n": 32},)


def main(conf):
    return finance_balances(conf)["dashboard_view"]["totals"]


if __name__ == "__main__":
    main(*inputs())
