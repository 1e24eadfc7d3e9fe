"""Data quality: outlier gate on the sensor readings before they feed the forecasting job.

Readings are sharded over `part` (time partitions) and `col` (sensors). Each partition's
per-sensor maxima are gathered (reduced) into the outlier table and compared with the limit
from the DAG params.
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


MESH = jax.make_mesh((4, 2), ("part", "col"))


@task
def readings(n):
    r = jnp.cos(jnp.arange(n * 6, dtype=jnp.float32).reshape(n, 6)) * 10.0
    return jax.device_put(r, NamedSharding(MESH, P("part", "col")))


@task
def outlier_table(r, limit):
    def body(block):
        peak = jnp.max(jnp.abs(block), axis=0, keepdims=True)
        table = jax.lax.all_gather(peak, "part", axis=0, tiled=True, to="reduced")
        flagged = table > limit
        return table, flagged.astype(jnp.int32)

    return jax.shard_map(body, mesh=MESH, in_specs=P("part", "col"),
                         out_specs=(P(None, "col", reduced={"part"}), P(None, "col", reduced={"part"})))(r)


@task
def summarize(result):
    table, flagged = result
    return {"flagged": int(flagged.sum()), "peak": float(table.max())}


@dag(dag_id="sensor_outlier_gate", params={"n": 32, "limit": 9.5})
def sensor_outlier_gate():
    summarize(outlier_table(readings("{{ params.n }}"), "{{ params.limit }}"))


def inputs():
    return ({"limit": 9.9},)


def main(conf):
    return sensor_outlier_gate(conf)["summarize"]


if __name__ == "__main__":
    main(*inputs())
