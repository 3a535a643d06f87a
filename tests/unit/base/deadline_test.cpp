// src/base/deadline.h: the one form of a time limit. A Deadline made from seconds (none for
// 0), what is left of it, a stage's share of it (the bounded search before PDR gets half, the
// chc method's quick search a quarter and at most 5 s), the interrupt flag that makes every
// deadline read as passed, and DeadlineStop's flag.
#define BOOST_TEST_MODULE base_deadline
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <thread>

#include "base/deadline.h"

using gdlsc::Deadline;

BOOST_AUTO_TEST_CASE(none_and_seconds) {
    Deadline none;
    BOOST_TEST(!none.limited());
    BOOST_TEST(!none.when().has_value());
    BOOST_TEST(!none.passed());
    BOOST_TEST(!Deadline::after(0).limited());
    BOOST_TEST(!Deadline::after(-3).limited());
    Deadline ten = Deadline::after(10);
    BOOST_TEST(ten.limited());
    BOOST_TEST(!ten.passed());
    BOOST_TEST(ten.seconds_left() > 9.0);
    BOOST_TEST(ten.seconds_left() <= 10.0);
    Deadline tiny = Deadline::after(1e-6);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    BOOST_TEST(tiny.passed());
    BOOST_TEST(tiny.seconds_left() == 0.0);
}

BOOST_AUTO_TEST_CASE(shares) {
    // half of 10 s: about 5 s
    Deadline half = Deadline::after(10).share(0.5);
    BOOST_TEST(half.limited());
    BOOST_TEST(half.seconds_left() > 4.5);
    BOOST_TEST(half.seconds_left() <= 5.0);
    // a quarter of 100 s capped at 5 s; a quarter of 8 s under the cap: 2 s
    BOOST_TEST(Deadline::after(100).share(0.25, 5).seconds_left() <= 5.0);
    BOOST_TEST(Deadline::after(100).share(0.25, 5).seconds_left() > 4.5);
    BOOST_TEST(Deadline::after(8).share(0.25, 5).seconds_left() <= 2.0);
    BOOST_TEST(Deadline::after(8).share(0.25, 5).seconds_left() > 1.5);
    // no limit: a share is no limit, unless capped
    BOOST_TEST(!Deadline().share(0.5).limited());
    Deadline capped = Deadline().share(0.25, 5);
    BOOST_TEST(capped.limited());
    BOOST_TEST(capped.seconds_left() <= 5.0);
    BOOST_TEST(capped.seconds_left() > 4.5);
    // a passed deadline's share has passed too (it is never "no limit")
    Deadline gone = Deadline::after(1e-6);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    Deadline share = gone.share(0.5);
    BOOST_TEST(share.limited());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    BOOST_TEST(share.passed());
}

BOOST_AUTO_TEST_CASE(interrupt_passes_every_deadline) {
    Deadline none, ten = Deadline::after(10);
    gdlsc::g_interrupted = true;
    BOOST_TEST(none.passed());
    BOOST_TEST(ten.passed());
    BOOST_TEST(ten.seconds_left() == 0.0);
    gdlsc::g_interrupted = false;
    BOOST_TEST(!ten.passed());
}

BOOST_AUTO_TEST_CASE(stop_flag) {
    std::atomic<bool> stop{false};
    {
        gdlsc::DeadlineStop watcher(Deadline::after(0.02), stop);
        for (int i = 0; i < 200 && !stop.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        BOOST_TEST(stop.load());
    }
    std::atomic<bool> never{false};
    {
        gdlsc::DeadlineStop watcher(Deadline(), never);
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
    }  // joins at once on destruction
    BOOST_TEST(!never.load());
}
