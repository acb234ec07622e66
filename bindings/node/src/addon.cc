// g16k.node: the Node-API addon under lib/index.js (node-addon-api, C++ exceptions).
// Every g16k call that reads files or computes runs in a Napi::AsyncWorker on the libuv pool,
// never on the event loop; each returns a Promise.
//
//   load(config, zkey, name, cancel, progress) -> Promise<NativeProver>
//       config: prover.ini path; zkey: path (string) or bytes (Uint8Array, read in place while the
//       load runs and kept alive by a reference); name: the key's name in messages, or undefined;
//       cancel: a CancelToken or undefined; progress: function(stage, done, total) or undefined.
//   NativeProver.prove(wtns, cancel, progress) -> Promise<{proof: string, publicSignals: string}>
//       wtns: path or bytes of a .wtns; the two JSON texts of g16k_proof_json/g16k_public_json.
//   NativeProver.close()   the key is freed once the proofs in flight are done
//   NativeProver.nPublic   number of public signals
//   verify(vk, publicSignals, proof) -> Promise<boolean>
//       the three JSON texts (strings) of verification_key.json, public.json and proof.json;
//       g16k_verify_json on the pool: true for G16K_OK, false for G16K_EVERIFY, any other status
//       rejects (G16K_EFORMAT: a malformed text, named "verification key buffer", ...).
//   new CancelToken(); token.cancel()   a flag the progress callback of libg16k reads
//   version                libg16k's version
// Errors reject with an Error whose code is g16k_status_name() ("G16K_EFORMAT", ...) and whose
// message is g16k_last_error(); wrong argument types throw a TypeError with code G16K_EINVAL.
// Thread-safety: a NativeProver's key is shared by its workers (g16k_prove is thread-safe on one
// key); progress reaches JS through a thread-safe function, in order, possibly after the Promise
// has settled.
#include <napi.h>

#include <g16k/g16k.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>

namespace {

Napi::Error g16k_error(Napi::Env env, int status, const std::string &message)
{
    Napi::Error e = Napi::Error::New(env, message);
    e.Set("code", Napi::String::New(env, g16k_status_name(status)));
    e.Set("status", Napi::Number::New(env, status));
    return e;
}

[[noreturn]] void type_error(Napi::Env env, const std::string &message)
{
    Napi::TypeError e = Napi::TypeError::New(env, message);
    e.Set("code", Napi::String::New(env, g16k_status_name(G16K_EINVAL)));
    throw e;
}

// A key or a witness: a file, or bytes of a JS Uint8Array held alive during the work (its
// memory does not move).
struct Source {
    std::string path;
    const uint8_t *data = nullptr;
    size_t len = 0;
    Napi::ObjectReference keep;

    Source(const Napi::Value &v, const char *what)
    {
        if (v.IsString()) {
            path = v.As<Napi::String>().Utf8Value();
        } else if (v.IsTypedArray() &&
                   v.As<Napi::TypedArray>().TypedArrayType() == napi_uint8_array) {
            Napi::Uint8Array a = v.As<Napi::Uint8Array>();
            data = a.Data();
            len = a.ByteLength();
            keep = Napi::Persistent(a.As<Napi::Object>());
            if (!data)   // an empty array may have no storage: still "bytes", and empty
                data = reinterpret_cast<const uint8_t *>("");
        } else {
            type_error(v.Env(), std::string(what) + " must be a path (string) or a Buffer/Uint8Array");
        }
    }
};

// The key of a NativeProver, shared with its proofs in flight.
struct Resident {
    g16k_prover *prover = nullptr;
    g16k_key *key = nullptr;
    ~Resident()
    {
        g16k_key_free(key);
        g16k_prover_close(prover);
    }
};

class CancelToken : public Napi::ObjectWrap<CancelToken> {
public:
    static Napi::Function Init(Napi::Env env)
    {
        return DefineClass(env, "CancelToken", {InstanceMethod("cancel", &CancelToken::Cancel)});
    }
    explicit CancelToken(const Napi::CallbackInfo &info)
        : Napi::ObjectWrap<CancelToken>(info), flag(std::make_shared<std::atomic<bool>>(false)) {}
    std::shared_ptr<std::atomic<bool>> flag;

private:
    Napi::Value Cancel(const Napi::CallbackInfo &info)
    {
        flag->store(true);
        return info.Env().Undefined();
    }
};

// Per-addon-instance data: the classes' constructors (workers and threads may differ).
struct AddonData {
    Napi::FunctionReference prover_class;
    Napi::FunctionReference token_class;
};

// What a progress update carries to the JS thread.
struct Progress {
    std::string stage;
    uint64_t done, total;
};

// The base of both workers: a Promise, the cancel flag and progress for libg16k's callback.
class Work : public Napi::AsyncWorker {
public:
    Work(Napi::Env env, const Napi::Value &cancel, const Napi::Value &progress, const char *name)
        : Napi::AsyncWorker(env, name), deferred(Napi::Promise::Deferred::New(env))
    {
        AddonData *ad = env.GetInstanceData<AddonData>();
        if (cancel.IsObject() && cancel.As<Napi::Object>().InstanceOf(ad->token_class.Value()))
            flag = CancelToken::Unwrap(cancel.As<Napi::Object>())->flag;
        else if (!cancel.IsUndefined() && !cancel.IsNull())
            type_error(env, "cancel must be a CancelToken");
        if (progress.IsFunction())
            tsfn = Napi::ThreadSafeFunction::New(env, progress.As<Napi::Function>(),
                                                 "g16k progress", 0, 1);
        else if (!progress.IsUndefined() && !progress.IsNull())
            type_error(env, "onProgress must be a function");
    }
    ~Work() override
    {
        if (tsfn)
            tsfn.Release();
    }
    Napi::Promise promise() const { return deferred.Promise(); }

protected:
    // libg16k's g16k_progress_fn, on the worker thread.
    static int on_progress(void *user, const char *stage, uint64_t done, uint64_t total)
    {
        Work *w = static_cast<Work *>(user);
        if (w->tsfn) {
            auto *p = new Progress{stage, done, total};
            napi_status st = w->tsfn.NonBlockingCall(
                p, [](Napi::Env env, Napi::Function fn, Progress *q) {
                    std::unique_ptr<Progress> own(q);
                    if (env && fn)
                        fn.Call({Napi::String::New(env, q->stage), Napi::Number::New(env, (double)q->done),
                                 Napi::Number::New(env, (double)q->total)});
                });
            if (st != napi_ok)
                delete p;
        }
        return w->flag && w->flag->load();
    }
    void failed(int rc)
    {
        status = rc;
        message = g16k_last_error();   // thread-local: read on the worker thread
    }
    void OnError(const Napi::Error &e) override { deferred.Reject(e.Value()); }
    void reject() { deferred.Reject(g16k_error(Env(), status, message).Value()); }

    Napi::Promise::Deferred deferred;
    std::shared_ptr<std::atomic<bool>> flag;
    Napi::ThreadSafeFunction tsfn;
    int status = G16K_OK;
    std::string message;
};

class NativeProver : public Napi::ObjectWrap<NativeProver> {
public:
    static Napi::Function Init(Napi::Env env)
    {
        return DefineClass(env, "NativeProver",
                           {InstanceMethod("prove", &NativeProver::Prove),
                            InstanceMethod("close", &NativeProver::Close),
                            InstanceAccessor("nPublic", &NativeProver::NPublic, nullptr)});
    }
    explicit NativeProver(const Napi::CallbackInfo &info) : Napi::ObjectWrap<NativeProver>(info) {}
    std::shared_ptr<Resident> resident;

private:
    Napi::Value Prove(const Napi::CallbackInfo &info);
    Napi::Value Close(const Napi::CallbackInfo &info)
    {
        resident.reset();
        return info.Env().Undefined();
    }
    Napi::Value NPublic(const Napi::CallbackInfo &info)
    {
        if (!resident)
            return info.Env().Undefined();
        return Napi::Number::New(info.Env(), g16k_key_n_public(resident->key));
    }
};

class LoadWork : public Work {
public:
    LoadWork(const Napi::CallbackInfo &info)
        : Work(info.Env(), info[3], info[4], "g16k.load"),
          zkey(info[1], "zkey"), resident(std::make_shared<Resident>())
    {
        if (!info[0].IsString())
            type_error(info.Env(), "config must be a path (string)");
        config = info[0].As<Napi::String>().Utf8Value();
        if (info[2].IsString())
            name = info[2].As<Napi::String>().Utf8Value();
    }
    void Execute() override
    {
        int rc = g16k_prover_open(config.c_str(), &resident->prover);
        if (rc != G16K_OK)
            return failed(rc);
        g16k_key_opts o = {};
        o.struct_size = sizeof(o);
        o.progress = on_progress;
        o.progress_user = this;
        o.name = name.empty() ? nullptr : name.c_str();
        rc = zkey.data ? g16k_key_load_buffer(resident->prover, zkey.data, zkey.len, &o, &resident->key)
                       : g16k_key_load_file(resident->prover, zkey.path.c_str(), &o, &resident->key);
        if (rc != G16K_OK)
            failed(rc);
    }
    void OnOK() override
    {
        if (status != G16K_OK)
            return reject();
        Napi::Object obj = Env().GetInstanceData<AddonData>()->prover_class.New({});
        NativeProver::Unwrap(obj)->resident = std::move(resident);
        deferred.Resolve(obj);
    }

private:
    std::string config, name;
    Source zkey;
    std::shared_ptr<Resident> resident;
};

class ProveWork : public Work {
public:
    ProveWork(const Napi::CallbackInfo &info, std::shared_ptr<Resident> r)
        : Work(info.Env(), info[1], info[2], "g16k.prove"), wtns(info[0], "wtns"),
          resident(std::move(r)) {}
    void Execute() override
    {
        g16k_prove_opts o = {};
        o.struct_size = sizeof(o);
        o.verify = -1;
        o.progress = on_progress;
        o.progress_user = this;
        g16k_proof *pf = nullptr;
        int rc = wtns.data
                     ? g16k_prove_wtns_buffer(resident->prover, resident->key, wtns.data, wtns.len, &o, &pf)
                     : g16k_prove(resident->prover, resident->key, wtns.path.c_str(), &o, &pf);
        if (rc != G16K_OK)
            return failed(rc);
        proof = text(pf, g16k_proof_json);
        pub = text(pf, g16k_public_json);
        g16k_proof_free(pf);
        if (proof.empty() || pub.empty())
            failed(G16K_ENOMEM);
    }
    void OnOK() override
    {
        if (status != G16K_OK)
            return reject();
        Napi::Object out = Napi::Object::New(Env());
        out.Set("proof", proof);
        out.Set("publicSignals", pub);
        deferred.Resolve(out);
    }

private:
    static std::string text(const g16k_proof *pf, size_t (*fn)(const g16k_proof *, char *, size_t))
    {
        std::string s(fn(pf, nullptr, 0), '\0');
        if (!s.empty())
            fn(pf, &s[0], s.size() + 1);
        return s;
    }
    Source wtns;
    std::shared_ptr<Resident> resident;
    std::string proof, pub;
};

// g16k_verify_json of three JSON texts, copied from the JS strings before the work is queued.
class VerifyWork : public Work {
public:
    explicit VerifyWork(const Napi::CallbackInfo &info)
        : Work(info.Env(), info.Env().Undefined(), info.Env().Undefined(), "g16k.verify")
    {
        static const char *const what[3] = {"vk", "publicSignals", "proof"};
        for (int i = 0; i < 3; i++) {
            if (!info[i].IsString())
                type_error(info.Env(), std::string(what[i]) + " must be a JSON text (string)");
            text[i] = info[i].As<Napi::String>().Utf8Value();
        }
    }
    void Execute() override
    {
        int rc = g16k_verify_json(text[0].data(), text[0].size(), text[1].data(), text[1].size(),
                                  text[2].data(), text[2].size());
        if (rc == G16K_OK || rc == G16K_EVERIFY)
            valid = rc == G16K_OK;
        else
            failed(rc);
    }
    void OnOK() override
    {
        if (status != G16K_OK)
            return reject();
        deferred.Resolve(Napi::Boolean::New(Env(), valid));
    }

private:
    std::string text[3];
    bool valid = false;
};

Napi::Value Verify(const Napi::CallbackInfo &info)
{
    VerifyWork *w = new VerifyWork(info);
    Napi::Promise p = w->promise();
    w->Queue();
    return p;
}

Napi::Value NativeProver::Prove(const Napi::CallbackInfo &info)
{
    if (!resident)
        throw g16k_error(info.Env(), G16K_EINVAL, "prove: this Prover is closed");
    ProveWork *w = new ProveWork(info, resident);
    Napi::Promise p = w->promise();
    w->Queue();
    return p;
}

Napi::Value Load(const Napi::CallbackInfo &info)
{
    LoadWork *w = new LoadWork(info);
    Napi::Promise p = w->promise();
    w->Queue();
    return p;
}

Napi::Object Init(Napi::Env env, Napi::Object exports)
{
    AddonData *ad = new AddonData;
    Napi::Function prover = NativeProver::Init(env);
    Napi::Function token = CancelToken::Init(env);
    ad->prover_class = Napi::Persistent(prover);
    ad->token_class = Napi::Persistent(token);
    env.SetInstanceData(ad);
    exports.Set("load", Napi::Function::New(env, Load, "load"));
    exports.Set("verify", Napi::Function::New(env, Verify, "verify"));
    exports.Set("NativeProver", prover);
    exports.Set("CancelToken", token);
    exports.Set("version", Napi::String::New(env, g16k_version()));
    return exports;
}

}  // namespace

NODE_API_MODULE(g16k, Init)
