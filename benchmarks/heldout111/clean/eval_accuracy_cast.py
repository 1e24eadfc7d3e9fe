"""Evaluation: top-1 accuracy over the eval mesh, the old-pmap way (flowlite DAG).

The shard accuracy is the same on both `cls` devices; it is cast to varying over `cls` before
the mean over the whole mesh (a mean over an axis it does not vary on leaves it unchanged).
"""
import string
from collections import defaultdict
from datetime import datetime

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- tiny airflow stand-in (pasted from the team's `flowlite`; enough to run DAGs locally) ----
class DAG:
    _current = None

    def __init__(self, dag_id, schedule=None, start_date=None, params=None, default_args=None, tags=()):
        self.dag_id, self.schedule, self.start_date = dag_id, schedule, start_date
        self.params = dict(params or {})
        self.default_args = dict(default_args or {})
        self.tasks = {}

    def __enter__(self):
        DAG._current = self
        return self

    def __exit__(self, *exc):
        DAG._current = None

    def _toposort(self):
        indeg = {t: len(task.upstream) for t, task in self.tasks.items()}
        ready = [t for t, n in indeg.items() if n == 0]
        order = []
        while ready:
            t = ready.pop(0)
            order.append(t)
            for d in self.tasks[t].downstream:
                indeg[d] -= 1
                if indeg[d] == 0:
                    ready.append(d)
        return order

    def test(self, logical_date=None, conf=None):
        """Run every task in dependency order in this process (like `airflow dags test`)."""
        xcom = defaultdict(dict)
        params = {**self.params, **(conf or {})}
        ds = (logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")
        for task_id in self._toposort():
            task = self.tasks[task_id]
            ti = TaskInstance(task_id, xcom)
            ctx = {"ti": ti, "params": params, "ds": ds, "dag": self, "task": task}
            ret = task.execute(ctx)
            if ret is not None:
                ti.xcom_push("return_value", ret)
        return xcom


class TaskInstance:
    def __init__(self, task_id, store):
        self.task_id, self._store = task_id, store

    def xcom_push(self, key, value):
        self._store[self.task_id][key] = value

    def xcom_pull(self, task_ids, key="return_value"):
        if isinstance(task_ids, (list, tuple)):
            return [self._store[t].get(key) for t in task_ids]
        return self._store[task_ids].get(key)


class BaseOperator:
    def __init__(self, task_id, dag=None, **kwargs):
        self.task_id = task_id
        self.dag = dag or DAG._current
        self.upstream, self.downstream = set(), set()
        self.dag.tasks[task_id] = self

    def __rshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            self.downstream.add(o.task_id)
            o.upstream.add(self.task_id)
        return other

    def __lshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            o >> self
        return other

    def __rrshift__(self, other):
        for o in other:
            o >> self
        return self


class PythonOperator(BaseOperator):
    def __init__(self, task_id, python_callable, op_kwargs=None, templates_dict=None, **kwargs):
        super().__init__(task_id, **kwargs)
        self.python_callable = python_callable
        self.op_kwargs = dict(op_kwargs or {})
        self.templates_dict = dict(templates_dict or {})

    def render(self, value, ctx):
        if isinstance(value, str) and "{{" in value:
            inner = value.replace("{{", "").replace("}}", "").strip()
            if inner.startswith("params."):
                return ctx["params"][inner[len("params."):]]
            return ctx[inner]
        return value

    def execute(self, ctx):
        kwargs = {k: self.render(v, ctx) for k, v in self.op_kwargs.items()}
        ctx = {**ctx, "templates_dict": {k: self.render(v, ctx) for k, v in self.templates_dict.items()}}
        return self.python_callable(**kwargs, **ctx)
# ---- end flowlite ----


EVAL_AXES = ("shard", "cls")


def logits_and_labels(**context):
    mesh = jax.make_mesh((4, 2), EVAL_AXES)
    n = context["params"]["n"]
    sh = NamedSharding(mesh, P(*EVAL_AXES))
    return (mesh, jax.device_put(jnp.sin(jnp.arange(n * 8, dtype=jnp.float32)).reshape(n, 8), sh),
            jax.device_put(jax.nn.one_hot(jnp.arange(n) % 8, 8), sh))


def accuracy(**context):
    mesh, logits, labels = context["ti"].xcom_pull("logits_and_labels")

    def body(lg, lb):
        top = jax.lax.pmax(jnp.max(lg, axis=1), "cls")
        label_logit = jax.lax.psum(jnp.sum(lg * lb, axis=1), "cls")
        shard_acc = jnp.mean((label_logit >= top).astype(jnp.float32))
        shard_acc = jax.lax.pcast(shard_acc, "cls", to="varying")
        return jax.lax.pmean(shard_acc, EVAL_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(*EVAL_AXES), P(*EVAL_AXES)), out_specs=P())(logits, labels)


with DAG("intent_accuracy_v2", start_date=datetime(2026, 11, 1), params={"n": 32}) as dag:
    PythonOperator(task_id="logits_and_labels", python_callable=logits_and_labels) >> PythonOperator(
        task_id="accuracy", python_callable=accuracy)


def inputs():
    return ({"n": 64},)


def main(conf):
    return dag.test(conf=conf)["accuracy"]["return_value"]


if __name__ == "__main__":
    main(*inputs())
